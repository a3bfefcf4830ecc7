import { Box, Group, Select, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatSlotCount, TemplateThumbnail } from '../templates';
import type { FeedTemplate } from './feed';

/** A template for a design, each option with its thumbnail and slot count. */
export function TemplateSelect({
  templates,
  value,
  onChange,
  error,
  label,
}: {
  templates: readonly FeedTemplate[] | undefined;
  value: string | null;
  onChange: (template: FeedTemplate | null) => void;
  error?: ReactNode;
  label: string;
}) {
  const byId = new Map((templates ?? []).map((template) => [template.id, template]));
  return (
    <Select
      label={label}
      required
      placeholder={templates ? 'Choose a template' : 'Loading…'}
      data={(templates ?? []).map((template) => ({ value: template.id, label: template.name }))}
      value={value}
      onChange={(id) => onChange((id && byId.get(id)) || null)}
      error={error}
      allowDeselect={false}
      searchable
      nothingFoundMessage={
        templates?.length === 0 ? 'There are no templates yet' : 'No template has this name'
      }
      renderOption={({ option }) => {
        const template = byId.get(option.value);
        return (
          <Group gap="sm" wrap="nowrap">
            <Box w={40} style={{ flexShrink: 0 }}>
              <TemplateThumbnail url={template?.thumbnailUrl} name={option.label} height={40} />
            </Box>
            <div>
              <Text size="sm">{option.label}</Text>
              {template && (
                <Text size="xs" c="dimmed">
                  {formatSlotCount(template.slots.length)}
                </Text>
              )}
            </div>
          </Group>
        );
      }}
    />
  );
}
