import { Table, Text } from '@mantine/core';
import type { TemplateDetail } from './template';
import { formatSlotType, slotAlignment, slotFit } from './templateFormat';

/** The image slots of a template: id, type, contain or cover, and alignment. */
export function SlotTable({ slots }: { slots: TemplateDetail['slots'] }) {
  if (slots.length === 0) return <Text c="dimmed">This template has no image slots.</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Slot</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Fit</Table.Th>
            <Table.Th>Alignment</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {slots.map((slot) => (
            <Table.Tr key={slot.id}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {slot.id}
                </Text>
              </Table.Td>
              <Table.Td>{formatSlotType(slot.type)}</Table.Td>
              <Table.Td>{slotFit(slot.features)}</Table.Td>
              <Table.Td>{slotAlignment(slot.features)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
