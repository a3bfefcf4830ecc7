import { Fieldset, SimpleGrid, Switch } from '@mantine/core';
import { SLOT_SWITCHES } from './feedDraft';
import type { NewFeedForm } from './newFeedForm';

/** The switches of one slot of a design: contain or cover, border and background removal. */
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
  return (
    <Fieldset legend={`Slot ${slotId}`} variant="filled" p="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
        {SLOT_SWITCHES.map(({ key, label, description }) => (
          <Switch
            key={key}
            label={label}
            description={description}
            size="sm"
            {...form.getInputProps(`designs.${designIndex}.slots.${slotIndex}.${key}`, { type: 'checkbox' })}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
