import { Anchor, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import type { CatalogSummary } from './catalog';
import { scheduleLabel, sourceLabel } from './catalogFormat';
import { ImportStatusBadge } from '../../components/ImportStatusBadge';

/** The catalogues: name, source, schedule, items, and the status and time of the last import. */
export function CatalogsTable({
  catalogs,
  catalogUrl,
}: {
  catalogs: readonly CatalogSummary[];
  catalogUrl: (id: string) => string;
}) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Catalogues">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Schedule</Table.Th>
            <Table.Th ta="right">Items</Table.Th>
            <Table.Th>Last import</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {catalogs.map((catalog) => {
            const last = catalog.imports[0];
            return (
              <Table.Tr key={catalog.id}>
                <Table.Td>
                  <Anchor component={Link} to={catalogUrl(catalog.id)} fw={600}>
                    {catalog.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{sourceLabel(catalog.sourceUrl)}</Table.Td>
                <Table.Td>{catalog.sourceUrl ? scheduleLabel(catalog.schedule) : '—'}</Table.Td>
                <Table.Td ta="right">{catalog.itemCount.toLocaleString('en')}</Table.Td>
                <Table.Td>
                  {last ? (
                    <Group gap="xs" wrap="nowrap">
                      <ImportStatusBadge status={last.status} />
                      <Text size="sm" c="dimmed">
                        {formatDateTime(last.finishedAt ?? last.createdAt)}
                      </Text>
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Never imported
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
