import { Badge, Table, Text } from '@mantine/core';
import { type DesignSlotRow, SLOT_SWITCHES, type SlotSwitchKey } from './feedDraft';

const words: Record<SlotSwitchKey, [on: string, off: string]> = {
  isContain: ['Contain', 'Cover'],
  removeBorders: ['Yes', 'No'],
  removeBordersHard: ['Yes', 'No'],
  removeBackground: ['Yes', 'No'],
};

/** The slot features a design renders with, marking those the design sets differently from the template. */
export function DesignSlotTable({ rows }: { rows: readonly DesignSlotRow[] }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The design keeps every slot as the template designs it.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label="Slot features">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Slot</Table.Th>
            {SLOT_SWITCHES.map(({ key, label }) => (
              <Table.Th key={key}>{key === 'isContain' ? 'Fit' : label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.slotId}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {row.slotId}
                </Text>
              </Table.Td>
              {SLOT_SWITCHES.map(({ key }) => {
                const value = row.values[key];
                return (
                  <Table.Td key={key}>
                    {value === null ? '—' : words[key][value ? 0 : 1]}
                    {row.changed.includes(key) && (
                      <Badge size="xs" variant="light" ml={6}>
                        This feed
                      </Badge>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
