import { List, Table, Text } from '@mantine/core';

/** A row an import could not read: its number, the id it names when the importer has ids, and why. */
export interface RejectedRow {
  row: number;
  /** Present (null when unknown) only for imports whose rows have ids, such as catalogue items. */
  id?: string | null;
  reason: string;
  /** Every reason, when there are several. */
  reasons?: readonly string[];
}

/** The rows an import could not read: row number, the id when the import has ids, and every reason. */
export function RejectedRowsTable({ rows, total }: { rows: readonly RejectedRow[]; total: number }) {
  const withIds = rows.some((row) => row.id !== undefined);
  return (
    <>
      <Table withTableBorder verticalSpacing={4} fz="sm" aria-label="Rejected rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>Row</Table.Th>
            {withIds && <Table.Th w={180}>Id</Table.Th>}
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.row}-${row.id ?? ''}-${row.reason}`}>
              <Table.Td>{row.row}</Table.Td>
              {withIds && <Table.Td ff="monospace">{row.id ?? '—'}</Table.Td>}
              <Table.Td>
                {row.reasons && row.reasons.length > 1 ? (
                  <List size="sm" spacing={0}>
                    {row.reasons.map((reason) => (
                      <List.Item key={reason}>{reason}</List.Item>
                    ))}
                  </List>
                ) : (
                  row.reason
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {total > rows.length && (
        <Text size="xs" c="dimmed">
          The first {rows.length.toLocaleString('en')} of {total.toLocaleString('en')} rejected rows are kept.
        </Text>
      )}
    </>
  );
}
