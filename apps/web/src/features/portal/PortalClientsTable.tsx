import { Anchor, Table, Text } from '@mantine/core';
import type { ResultOf } from 'gql.tada';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import type { PortalClientsQuery } from './api/portalClients';
import { PlanStatusBadge } from './PlanStatusBadge';

type PortalClientRow = ResultOf<typeof PortalClientsQuery>['portalClients'][number];

export function PortalClientsTable({ clients }: { clients: readonly PortalClientRow[] }) {
  if (clients.length === 0) return <Text c="dimmed">No clients match.</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Billing required</Table.Th>
            <Table.Th>Trial ends</Table.Th>
            <Table.Th>Members</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <Table.Tr key={client.id}>
              <Table.Td>
                <Anchor component={Link} to={`/portal/clients/${encodeURIComponent(client.id)}/`} fw={500}>
                  {client.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <PlanStatusBadge status={client.planStatus} />
              </Table.Td>
              <Table.Td>{client.billingRequired ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>{formatDate(client.trialEndsAt)}</Table.Td>
              <Table.Td>{client.memberCount}</Table.Td>
              <Table.Td>{formatDate(client.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
