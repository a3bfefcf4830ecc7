import { ActionIcon, Box, Fieldset, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { ItemFilterInput } from '../catalogs';
import { TemplateThumbnail } from '../templates';
import type { FeedTemplate } from './feed';
import { slotChoices } from './feedDraft';
import { designLabel } from './feedFormat';
import type { NewFeedForm } from './newFeedForm';
import { SlotFeatureSwitches } from './SlotFeatureSwitches';
import { TemplateSelect } from './TemplateSelect';

/**
 * One design of a new or edited feed: its template, optional slot features and item filter (the
 * product-set rule editor, counting the items of `catalogId`), and its place.
 */
export function DesignEditor({
  form,
  index,
  count,
  templates,
  catalogId,
  versionNote,
}: {
  form: NewFeedForm;
  index: number;
  count: number;
  templates: readonly FeedTemplate[] | undefined;
  /** The catalogue of the feed's product set; null until one is chosen. */
  catalogId: string | null;
  /** Says which version an existing design stays on (when not its template's newest). */
  versionNote?: string | undefined;
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
                  // Another template: its newest version.
                  templateVersionId: null,
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
        {versionNote && design.templateVersionId && (
          <Text size="sm" c="dimmed">
            {versionNote}
          </Text>
        )}
        <Stack gap={4} role="group" aria-label="Item filter">
          {catalogId ? (
            <ItemFilterInput
              catalogId={catalogId}
              initialFilterJson={design.itemFilter}
              label="Item filter (optional: no rules, every item can take this design)"
              onChange={(filterJson) => form.setFieldValue(`designs.${index}.itemFilter`, filterJson)}
            />
          ) : (
            <Text size="sm" c="dimmed">
              Choose a product set to filter the items this design takes.
            </Text>
          )}
          {form.errors[`designs.${index}.itemFilter`] && (
            <Text size="sm" c="red" role="alert">
              {form.errors[`designs.${index}.itemFilter`]}
            </Text>
          )}
        </Stack>
      </Stack>
    </Fieldset>
  );
}
