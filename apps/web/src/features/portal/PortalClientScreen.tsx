import { Paper, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { formatDate } from '../../lib/format';
import { PlanEditor } from './PlanEditor';
import { PortalClientPage } from './PortalClientPage';
import { PortalMembers } from './PortalMembers';

/** `/portal/clients/:id/`: plan, facts and members of one client. */
export function PortalClientScreen() {
  return (
    <PortalClientPage tab="overview">
      {(client) => (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper withBorder p="lg" radius="md">
              <Title order={2} fz="lg" mb="md">
                Plan
              </Title>
              <PlanEditor key={client.id} client={client} />
            </Paper>
            <Paper withBorder p="lg" radius="md">
              <Title order={2} fz="lg" mb="md">
                Details
              </Title>
              <Table variant="vertical" withRowBorders={false}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w={160}>Created</Table.Th>
                    <Table.Td>{formatDate(client.createdAt)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Paying</Table.Th>
                    <Table.Td>{client.isPaying ? 'Yes' : 'No'}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Members</Table.Th>
                    <Table.Td>{client.memberCount}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>MSA</Table.Th>
                    <Table.Td>{client.msa ? client.msa.fileName : 'None'}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Paper>
          </SimpleGrid>
          <Paper withBorder p="lg" radius="md">
            <Title order={2} fz="lg" mb="md">
              Members
            </Title>
            <PortalMembers members={client.members} />
          </Paper>
        </Stack>
      )}
    </PortalClientPage>
  );
}
