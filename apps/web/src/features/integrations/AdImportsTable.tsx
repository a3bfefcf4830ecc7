import { Alert, Code, Group, Stack, Table, Text } from '@mantine/core';
import { ExpandRowButton } from '../../components/ExpandRowButton';
import { Fragment, useState } from 'react';
import { ImportStatusBadge } from '../../components/ImportStatusBadge';
import { RejectedRowsTable } from '../../components/RejectedRowsTable';
import { formatDateTime } from '../../lib/format';
import { daysCovered, hasReport } from './adImportFormat';
import type { AdPerformanceImport } from './integration';

const count = (value: number) => value.toLocaleString('en');

/**
 * Every Ads Manager export import, newest first: status, file, rows read and imported, rejected rows, the
 * days and currency it covers, and when. A row opens to its report: the error in full, the rejected rows
 * and the columns the importer did not know (the newest import's report starts open).
 */
export function AdImportsTable({ imports }: { imports: readonly AdPerformanceImport[] }) {
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const isOpen = (entry: AdPerformanceImport, index: number) =>
    hasReport(entry) && toggled.has(entry.id) !== (index === 0);
  const toggle = (id: string) =>
    setToggled((set) => {
      const next = new Set(set);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table verticalSpacing="xs" aria-label="Ads Manager imports">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} />
            <Table.Th miw={130}>Status</Table.Th>
            <Table.Th miw={200}>File</Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              Rows read
            </Table.Th>
            <Table.Th ta="right">Imported</Table.Th>
            <Table.Th ta="right">Rejected</Table.Th>
            <Table.Th>Days covered</Table.Th>
            <Table.Th>Currency</Table.Th>
            <Table.Th>When</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {imports.map((entry, index) => {
            const open = isOpen(entry, index);
            return (
              <Fragment key={entry.id}>
                <Table.Tr>
                  <Table.Td>
                    {hasReport(entry) && (
                      <ExpandRowButton
                        open={open}
                        showLabel="Show the import report"
                        hideLabel="Hide the import report"
                        onToggle={() => toggle(entry.id)}
                      />
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <ImportStatusBadge status={entry.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {entry.fileName ?? '—'}
                    </Text>
                    {entry.accountName && (
                      <Text size="xs" c="dimmed">
                        {entry.accountName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{count(entry.rowsRead)}</Table.Td>
                  <Table.Td ta="right">{count(entry.rowsImported)}</Table.Td>
                  <Table.Td ta="right" c={entry.rejectedCount > 0 ? 'red.7' : undefined}>
                    {count(entry.rejectedCount)}
                  </Table.Td>
                  <Table.Td miw={150}>{daysCovered(entry.firstDay, entry.lastDay)}</Table.Td>
                  <Table.Td>{entry.currency ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</Table.Td>
                </Table.Tr>
                {open && (
                  <Table.Tr>
                    <Table.Td />
                    <Table.Td colSpan={8}>
                      <ImportReport entry={entry} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One import's report: why it failed, the columns it did not recognise and the rows it rejected. */
function ImportReport({ entry }: { entry: AdPerformanceImport }) {
  return (
    <Stack gap="xs" py="xs" aria-label="Import report">
      {entry.error && (
        <Alert color="red" p="xs" title="The import failed">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {entry.error}
          </Text>
        </Alert>
      )}
      {entry.unknownColumns.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {entry.unknownColumns.length === 1
              ? 'A column was not recognised and was left out'
              : `${count(entry.unknownColumns.length)} columns were not recognised and were left out`}
          </Text>
          <Group gap={6}>
            {entry.unknownColumns.map((column) => (
              <Code key={column}>{column}</Code>
            ))}
          </Group>
        </Stack>
      )}
      {entry.rejectedCount > 0 && (
        <>
          <Text size="sm" fw={600}>
            {entry.rejectedCount === 1
              ? '1 row was rejected'
              : `${count(entry.rejectedCount)} rows were rejected`}
          </Text>
          <RejectedRowsTable rows={entry.rejectedRows} total={entry.rejectedCount} />
        </>
      )}
    </Stack>
  );
}
