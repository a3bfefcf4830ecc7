import { List, Table, Text } from '@mantine/core';
import type { CatalogImport } from './catalog';

/** The rows an import could not read: row number, item id when known, and every reason. */
export function RejectedRowsTable({ rows, total }: { rows: CatalogImport['rejected']; total: number }) {
  return (
    <>
      <Table withTableBorder verticalSpacing={4} fz="sm" aria-label="Rejected rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>Row</Table.Th>
            <Table.Th w={180}>Id</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.row}-${row.id ?? ''}`}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td ff="monospace">{row.id ?? '—'}</Table.Td>
              <Table.Td>
                {row.reasons.length > 1 ? (
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
