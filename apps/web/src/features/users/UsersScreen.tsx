import { Button, Group, Paper, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { clientUrl } from '../../app/routes';
import { PageLoader } from '../../components/PageLoader';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type ClientScreenProps, useCurrentClient } from '../clients';
import { AuditLog } from '../audit';
import { ActiveMembers } from './ActiveMembers';
import { ViewerPermissionsQuery } from './api/viewerPermissions';
import { InactiveMembers } from './InactiveMembers';
import { InviteUserModal } from './InviteUserModal';
import { PendingInvitations } from './PendingInvitations';

const MEMBERS_DESCRIPTION = 'Who can work in this workspace, and who manages it.';

/** Each tab's path, and the subtitle under its heading. */
const TABS = [
  { value: 'active', path: 'users/', description: MEMBERS_DESCRIPTION },
  { value: 'inactive', path: 'users/inactive/', description: MEMBERS_DESCRIPTION },
  {
    value: 'audit-log',
    path: 'users/audit-log/',
    description:
      'Who changed roles, removed members, deleted or exported, rotated export tokens, and when staff signed in as a member. Newest first.',
  },
] as const;

/** `/users/`, `/users/inactive/` and `/users/audit-log/`: the workspace's members and its audit log, for admins. */
export function UsersScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  const navigate = useNavigate();
  const [{ data, error }] = useQuery({ query: ViewerPermissionsQuery });
  const [inviteOpened, invite] = useDisclosure(false);
  const { value: tab, description } = TABS.find((t) => t.path === route.path) ?? TABS[0];
  const header = <ScreenHeader title={route.title} description={description} />;

  if (!client) return null;
  if (!data) {
    return (
      <>
        {header}
        {error ? <QueryState error={error} /> : <PageLoader />}
      </>
    );
  }
  if (!data.viewerPermissions.isAdmin) {
    return (
      <>
        {header}
        <Paper withBorder p="xl" radius="md">
          <Text>Only admins can manage users.</Text>
          <Text c="dimmed" size="sm" mt="xs">
            Ask an admin of this workspace if someone needs to be added or removed.
          </Text>
        </Paper>
      </>
    );
  }

  return (
    <>
      {header}
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => {
          navigate(clientUrl(client.id, TABS.find((t) => t.value === value)?.path ?? 'users/'));
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="active">Active</Tabs.Tab>
          <Tabs.Tab value="inactive">Inactive</Tabs.Tab>
          <Tabs.Tab value="audit-log">Audit log</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="active" pt="lg">
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="lg">
              Members
            </Title>
            <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
              Invite user
            </Button>
          </Group>
          <ActiveMembers />
          <PendingInvitations />
          <InviteUserModal opened={inviteOpened} onClose={invite.close} />
        </Tabs.Panel>
        <Tabs.Panel value="inactive" pt="lg">
          <InactiveMembers />
        </Tabs.Panel>
        <Tabs.Panel value="audit-log" pt="lg">
          <AuditLog />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
