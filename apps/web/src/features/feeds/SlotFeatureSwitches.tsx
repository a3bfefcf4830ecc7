import { Fieldset, Group, SegmentedControl, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { SLOT_PLACEMENTS, SLOT_SWITCHES } from './feedDraft';
import type { NewFeedForm } from './newFeedForm';

/**
 * The features of one slot of a design: contain or cover, border and background removal as switches,
 * and where the image sits in the slot.
 */
export function SlotFeatureSwitches({
  form,
  designIndex,
  slotIndex,
  slotId,
}: {
  form: NewFeedForm;
  designIndex: number;
  slotIndex: number;
  slotId: string;
}) {
  const path = `designs.${designIndex}.slots.${slotIndex}`;
  const labelId = useId();
  return (
    <Fieldset legend={`Slot ${slotId}`} variant="filled" p="xs">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
          {SLOT_SWITCHES.map(({ key, label, description }) => (
            <Switch
              key={key}
              label={label}
              description={description}
              size="sm"
              {...form.getInputProps(`${path}.${key}`, { type: 'checkbox' })}
            />
          ))}
        </SimpleGrid>
        <Stack gap={4}>
          <Group gap="md" align="flex-end">
            {SLOT_PLACEMENTS.map(({ key, label, options }) => (
              <Stack key={key} gap={2}>
                <Text size="sm" fw={500} id={`${labelId}-${key}`}>
                  {label}
                </Text>
                <SegmentedControl
                  aria-labelledby={`${labelId}-${key}`}
                  size="xs"
                  data={[...options]}
                  {...form.getInputProps(`${path}.${key}`)}
                />
              </Stack>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            Where the image sits in the slot; it shows most when the image is contained.
          </Text>
        </Stack>
      </Stack>
    </Fieldset>
  );
}
