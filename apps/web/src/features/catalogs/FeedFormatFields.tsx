import { Group, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { FEED_FORMAT_OPTIONS } from './catalogFormat';

/**
 * What a catalogue's feed is (detected, or the user's choice) and the currency of prices written without
 * one: the same two fields in the new-catalogue form and the settings.
 */
export function FeedFormatFields({
  format,
  currency,
}: {
  format: GetInputPropsReturnType;
  currency: GetInputPropsReturnType;
}) {
  return (
    <Group align="flex-start" gap="md">
      <Select
        label="Feed format"
        description="Detected from the file's first bytes unless you choose."
        data={FEED_FORMAT_OPTIONS}
        allowDeselect={false}
        w={280}
        {...format}
      />
      <TextInput
        label="Currency"
        description="For prices written without one, as Shopify's export writes them."
        placeholder="e.g. EUR"
        maxLength={3}
        w={200}
        {...currency}
      />
    </Group>
  );
}
