import { ActionIcon, Box, Fieldset, Group, JsonInput, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { TemplateThumbnail } from '../templates';
import type { FeedTemplate } from './feed';
import { INVALID_FILTER_JSON, slotChoices } from './feedDraft';
import { designLabel } from './feedFormat';
import type { NewFeedForm } from './newFeedForm';
import { SlotFeatureSwitches } from './SlotFeatureSwitches';
import { TemplateSelect } from './TemplateSelect';

/** One design of the new feed: its template, optional slot features and item filter, and its place. */
export function DesignEditor({
  form,
  index,
  count,
  templates,
}: {
  form: NewFeedForm;
  index: number;
  count: number;
  templates: readonly FeedTemplate[] | undefined;
}) {
  const design = form.getValues().designs[index];
  if (!design) return null;
  const label = designLabel(index);
  const template = templates?.find((candidate) => candidate.id === design.templateId);
  const move = (to: number) => form.reorderListItem('designs', { from: index, to });

  return (
    <Fieldset
      legend={
        <Text fw={600} span>
          {label}
        </Text>
      }
      aria-label={label}
    >
      <Stack gap="sm">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <Box style={{ flex: 1 }}>
            <TemplateSelect
              label="Template"
              templates={templates}
              value={design.templateId}
              error={form.errors[`designs.${index}.templateId`]}
              onChange={(chosen) =>
                form.setFieldValue(`designs.${index}`, {
                  ...design,
                  templateId: chosen?.id ?? null,
                  slots: chosen ? slotChoices(chosen.slots) : [],
                })
              }
            />
          </Box>
          <Group gap={4} mt={26} wrap="nowrap">
            <Tooltip label="Try earlier">
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={index === 0}
                onClick={() => move(index - 1)}
                aria-label={`Move ${label.toLowerCase()} up`}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Try later">
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={index === count - 1}
                onClick={() => move(index + 1)}
                aria-label={`Move ${label.toLowerCase()} down`}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Remove">
              <ActionIcon
                variant="subtle"
                color="red"
                disabled={count === 1}
                onClick={() => form.removeListItem('designs', index)}
                aria-label={`Remove ${label.toLowerCase()}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {template && (
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <Box w={120} style={{ flexShrink: 0, borderRadius: 4, overflow: 'hidden' }}>
              <TemplateThumbnail url={template.thumbnailUrl} name={template.name} height={120} />
            </Box>
            <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
              {design.slots.length === 0 ? (
                <Text size="sm" c="dimmed">
                  This template has no image slots.
                </Text>
              ) : (
                design.slots.map((slot, slotIndex) => (
                  <SlotFeatureSwitches
                    key={slot.slotId}
                    form={form}
                    designIndex={index}
                    slotIndex={slotIndex}
                    slotId={slot.slotId}
                  />
                ))
              )}
            </Stack>
          </Group>
        )}
        <JsonInput
          label="Item filter (optional)"
          description='Meta’s product-set filter JSON, for example {"brand": {"eq": "Acme"}}. Empty: every item.'
          placeholder="{}"
          autosize
          minRows={2}
          maxRows={8}
          validationError={INVALID_FILTER_JSON}
          {...form.getInputProps(`designs.${index}.itemFilter`)}
        />
      </Stack>
    </Fieldset>
  );
}
