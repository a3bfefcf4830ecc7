import { Badge, Table, Text } from '@mantine/core';
import {
  type DesignSlotRow,
  SLOT_PLACEMENTS,
  SLOT_SWITCHES,
  type SlotFeatureKey,
  type SlotSwitchKey,
} from './feedDraft';

const words: Record<SlotSwitchKey, [on: string, off: string]> = {
  isContain: ['Contain', 'Cover'],
  removeBorders: ['Yes', 'No'],
  removeBordersHard: ['Yes', 'No'],
  removeBackground: ['Yes', 'No'],
};

/** The table's columns: the switches, then the placement, each with its heading and its value in words. */
const columns: { key: SlotFeatureKey; heading: string; text: (row: DesignSlotRow) => string | null }[] = [
  ...SLOT_SWITCHES.map(({ key, label }) => ({
    key,
    heading: key === 'isContain' ? 'Fit' : label,
    text: (row: DesignSlotRow) => {
      const value = row.values[key];
      return value === null ? null : words[key][value ? 0 : 1];
    },
  })),
  ...SLOT_PLACEMENTS.map(({ key, label, options }) => ({
    key,
    heading: label,
    text: (row: DesignSlotRow) => options.find((option) => option.value === row.values[key])?.label ?? null,
  })),
];

/** A feature's value, and a badge when the design changed it. */
function Cell({ text, changed }: { text: string | null; changed: boolean }) {
  return (
    <Table.Td>
      {text ?? '—'}
      {changed && (
        <Badge size="xs" variant="light" ml={6}>
          This feed
        </Badge>
      )}
    </Table.Td>
  );
}

/** The slot features a design renders with, marking those the design sets differently from the template. */
export function DesignSlotTable({ rows }: { rows: readonly DesignSlotRow[] }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The design keeps every slot as the template designs it.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="xs" aria-label="Slot features">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Slot</Table.Th>
            {columns.map(({ key, heading }) => (
              <Table.Th key={key}>{heading}</Table.Th>
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
              {columns.map(({ key, text }) => (
                <Cell key={key} text={text(row)} changed={row.changed.includes(key)} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
