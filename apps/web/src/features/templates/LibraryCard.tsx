import { Button, Card, Stack, Text } from '@mantine/core';
import type { LibraryTemplate } from './template';
import { formatSlotCount, formatTemplateSize } from './templateFormat';
import { TemplateThumbnail } from './TemplateThumbnail';

/** One starter template: thumbnail, name, size, slot count and the button that copies it. */
export function LibraryCard({
  template,
  onUse,
  busy,
  disabled,
}: {
  template: LibraryTemplate;
  onUse: () => void;
  busy: boolean;
  disabled: boolean;
}) {
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={template.name}>
      <Card.Section>
        <TemplateThumbnail url={template.thumbnailUrl} name={template.name} />
      </Card.Section>
      <Stack gap={4} mt="sm" style={{ flex: 1 }}>
        <Text fw={600}>{template.name}</Text>
        <Text size="sm" c="dimmed">
          {formatTemplateSize(template.width, template.height)} · {formatSlotCount(template.slotCount)}
        </Text>
      </Stack>
      <Button
        mt="sm"
        variant="light"
        onClick={onUse}
        loading={busy}
        disabled={disabled}
        aria-label={`Use this template: ${template.name}`}
      >
        Use this template
      </Button>
    </Card>
  );
}
