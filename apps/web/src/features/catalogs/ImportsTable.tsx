import { Alert, Stack, Table, Text } from '@mantine/core';
import { ExpandRowButton } from '../../components/ExpandRowButton';
import { Fragment, useState } from 'react';
import { formatDateTime } from '../../lib/format';
import type { CatalogImport } from './catalog';
import { ImageHostsNotice } from './ImageHostsNotice';
import { ImportStatusBadge } from '../../components/ImportStatusBadge';
import { ImportWarningsTable } from './ImportWarningsTable';
import { RejectedRowsTable } from '../../components/RejectedRowsTable';

const COUNTS = ['added', 'updated', 'removed', 'unchanged', 'rejectedCount'] as const;
const COUNT_LABELS: Record<(typeof COUNTS)[number], string> = {
  added: 'Added',
  updated: 'Updated',
  removed: 'Removed',
  unchanged: 'Unchanged',
  rejectedCount: 'Rejected',
};

const hasDetails = (entry: CatalogImport) =>
  entry.rejectedCount > 0 ||
  entry.warnings.length > 0 ||
  entry.imageHostWarnings.length > 0 ||
  Boolean(entry.error);

/**
 * Every import, newest first: status, times and counts; a row opens to its error, its rejected rows
 * and its warnings about values it changed in rows it kept.
 */
export function ImportsTable({ imports }: { imports: readonly CatalogImport[] }) {
  // The newest import starts open when it has something to show; any row can be toggled.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const isOpen = (entry: CatalogImport, index: number) =>
    hasDetails(entry) && toggled.has(entry.id) !== (index === 0);
  const toggle = (id: string) =>
    setToggled((set) => {
      const next = new Set(set);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" aria-label="Imports">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} />
            <Table.Th w={130}>Status</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Finished</Table.Th>
            {COUNTS.map((count) => (
              <Table.Th key={count} ta="right">
                {COUNT_LABELS[count]}
              </Table.Th>
            ))}
            <Table.Th>Format</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {imports.map((entry, index) => {
            const open = isOpen(entry, index);
            return (
              <Fragment key={entry.id}>
                <Table.Tr>
                  <Table.Td>
                    {hasDetails(entry) && (
                      <ExpandRowButton
                        open={open}
                        showLabel="Show the import’s problems"
                        hideLabel="Hide the import’s problems"
                        onToggle={() => toggle(entry.id)}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ImportStatusBadge status={entry.status} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(entry.startedAt ?? entry.createdAt)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.finishedAt)}</Table.Td>
                  {COUNTS.map((count) => (
                    <Table.Td
                      key={count}
                      ta="right"
                      c={count === 'rejectedCount' && entry[count] > 0 ? 'red.7' : undefined}
                    >
                      {entry[count].toLocaleString('en')}
                    </Table.Td>
                  ))}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.formatName ?? '—'}</Table.Td>
                </Table.Tr>
                {open && (
                  <Table.Tr>
                    <Table.Td />
                    <Table.Td colSpan={4 + COUNTS.length}>
                      <Stack gap="xs" py="xs">
                        {entry.error && (
                          <Alert color="red" p="xs" title="The import failed">
                            {entry.error}
                          </Alert>
                        )}
                        {entry.imageHostWarnings.length > 0 && (
                          <ImageHostsNotice warnings={entry.imageHostWarnings} />
                        )}
                        {entry.rejectedCount > 0 && (
                          <>
                            <Text size="sm" fw={600}>
                              {entry.rejectedCount === 1
                                ? '1 row was rejected'
                                : `${entry.rejectedCount.toLocaleString('en')} rows were rejected`}
                            </Text>
                            <RejectedRowsTable rows={entry.rejected} total={entry.rejectedCount} />
                          </>
                        )}
                        {entry.warnings.length > 0 && (
                          <>
                            <Text size="sm" fw={600}>
                              Values changed in rows that were kept
                            </Text>
                            <ImportWarningsTable warnings={entry.warnings} />
                          </>
                        )}
                      </Stack>
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
