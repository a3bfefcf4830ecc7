import {
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { QueryState } from '../../components/QueryState';
import { formatDateTime } from '../../lib/format';
import { MySessionsQuery } from './api/mySessions';
import { RevokeOtherSessionsMutation } from './api/revokeOtherSessions';
import { RevokeSessionMutation } from './api/revokeSession';
import { deviceLabel, isMobileDevice } from './deviceLabel';

type UserSession = ResultOf<typeof MySessionsQuery>['mySessions'][number];

/** Where the user is signed in (this browser marked), with sign-out of one session or of all the others. */
export function SessionsSection() {
  const [{ data, error }] = useQuery({ query: MySessionsQuery, requestPolicy: 'cache-and-network' });
  const [, revokeSession] = useMutation(RevokeSessionMutation);
  const [revokingOthers, revokeOtherSessions] = useMutation(RevokeOtherSessionsMutation);
  const notify = useNotify();
  const [busyId, setBusyId] = useState<string | null>(null);
  const sessions = data?.mySessions;
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  const revoke = async (session: UserSession) => {
    setBusyId(session.id);
    const result = await revokeSession({ id: session.id });
    notify.mutation(result, result.data?.revokeSession, `${deviceLabel(session.userAgent)} was signed out.`);
    setBusyId(null);
  };

  const revokeOthers = () =>
    modals.openConfirmModal({
      title: 'Sign out all other sessions?',
      children: (
        <Text size="sm">
          Every other browser and device signed in to your account is signed out. This one stays signed in.
        </Text>
      ),
      labels: { confirm: 'Sign out others', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        notify.reportFailure(
          revokeOtherSessions({}).then((result) =>
            notify.mutation(result, result.data?.revokeOtherSessions, 'Your other sessions were signed out.'),
          ),
        ),
    });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="sessions-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} fz="lg" id="sessions-title">
              Sessions
            </Title>
            <Text size="sm" c="dimmed">
              The browsers and devices signed in to your account. Sign out any you do not recognise, then
              change your password.
            </Text>
          </div>
          <Button
            variant="light"
            color="red"
            flex="none"
            leftSection={<IconLogout size={16} />}
            disabled={others === 0}
            loading={revokingOthers.fetching}
            onClick={revokeOthers}
          >
            Sign out all other sessions
          </Button>
        </Group>
        {!sessions ? (
          <QueryState error={error} />
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table verticalSpacing="sm" highlightOnHover>
              <VisuallyHidden component="caption">Your sessions</VisuallyHidden>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Device and address</Table.Th>
                  <Table.Th>Signed in</Table.Th>
                  <Table.Th>Last active</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.map((session) => (
                  <Table.Tr key={session.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        {isMobileDevice(session.userAgent) ? (
                          <IconDeviceMobile size={20} aria-hidden />
                        ) : (
                          <IconDeviceDesktop size={20} aria-hidden />
                        )}
                        <Stack gap={0}>
                          <Tooltip label={session.userAgent ?? 'No User-Agent was sent'} multiline maw={420}>
                            <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                              {deviceLabel(session.userAgent)}
                            </Text>
                          </Tooltip>
                          <Text size="xs" c="dimmed">
                            {session.ip ?? 'Unknown address'}
                            {session.tokenAuth && ' · signed in by a staff sign-in link'}
                          </Text>
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(session.createdAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {session.current ? 'Now' : formatDateTime(session.lastSeenAt)}
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end" wrap="nowrap">
                        {session.current ? (
                          <Badge variant="light" color="green" miw="max-content">
                            This browser
                          </Badge>
                        ) : (
                          <Button
                            size="xs"
                            variant="default"
                            loading={busyId === session.id}
                            onClick={() => notify.reportFailure(revoke(session))}
                            aria-label={`Sign out ${deviceLabel(session.userAgent)}, signed in ${formatDateTime(session.createdAt)}`}
                          >
                            Sign out
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
