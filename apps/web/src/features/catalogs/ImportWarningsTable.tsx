import { Table } from '@mantine/core';
import type { CatalogImport } from './catalog';

/** What an import changed in rows it kept: row number, item id, source column, and what was done. */
export function ImportWarningsTable({ warnings }: { warnings: CatalogImport['warnings'] }) {
  return (
    <Table withTableBorder verticalSpacing={4} fz="sm" aria-label="Import warnings">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={80}>Row</Table.Th>
          <Table.Th w={180}>Id</Table.Th>
          <Table.Th w={180}>Column</Table.Th>
          <Table.Th>Change</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {warnings.map((warning, index) => (
          // A row may repeat a column (repeated XML elements), so the position is part of the key.
          <Table.Tr key={`${warning.row}-${warning.column}-${index}`}>
            <Table.Td>{warning.row}</Table.Td>
            <Table.Td ff="monospace">{warning.id ?? '—'}</Table.Td>
            <Table.Td ff="monospace">{warning.column}</Table.Td>
            <Table.Td>{warning.reason}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
