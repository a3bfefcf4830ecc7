import { Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { QueryState } from '../../components/QueryState';
import { formatDate } from '../../lib/format';
import { PendingInvitationsQuery } from './api/pendingInvitations';
import { ResendInvitationMutation } from './api/resendInvitation';
import { RevokeInvitationMutation } from './api/revokeInvitation';
import { InvitationLink } from './InvitationLink';
import { invitationsContext, unsentInvitation, type PendingInvitation } from './member';
import { RoleBadge } from '../../components/RoleBadge';

export function PendingInvitations() {
  const [{ data, error }] = useQuery({ query: PendingInvitationsQuery, context: invitationsContext });
  const [, resendInvitation] = useMutation(ResendInvitationMutation);
  const [, revokeInvitation] = useMutation(RevokeInvitationMutation);
  const notify = useNotify();
  const [busyId, setBusyId] = useState<string | null>(null);

  const resend = async (invitation: PendingInvitation) => {
    setBusyId(invitation.id);
    const result = await resendInvitation({ id: invitation.id });
    const resent = result.data?.resendInvitation;
    setBusyId(null);
    const notMailed = unsentInvitation(invitation.email, resent);
    if (notMailed) {
      modals.open({
        title: `A new link for ${invitation.email}`,
        children: <InvitationLink {...notMailed} />,
      });
      return;
    }
    notify.mutation(result, resent, `The invitation to ${invitation.email} was sent again.`);
  };

  const revokeConfirmed = async (invitation: PendingInvitation) => {
    setBusyId(invitation.id);
    const result = await revokeInvitation({ id: invitation.id });
    notify.mutation(
      result,
      result.data?.revokeInvitation,
      `The invitation to ${invitation.email} was revoked.`,
    );
    setBusyId(null);
  };

  const revoke = (invitation: PendingInvitation) =>
    modals.openConfirmModal({
      title: `Revoke the invitation to ${invitation.email}?`,
      children: (
        <Text size="sm">The invitation link stops working. You can invite this address again later.</Text>
      ),
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => notify.reportFailure(revokeConfirmed(invitation)),
    });

  return (
    <Stack gap="sm" mt="xl">
      <Title order={2} fz="lg">
        Pending invitations
      </Title>
      {!data ? (
        <QueryState error={error} />
      ) : data.pendingInvitations.length === 0 ? (
        <Text c="dimmed">No pending invitations.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.pendingInvitations.map((invitation) => (
                <Table.Tr key={invitation.id}>
                  <Table.Td>{invitation.email}</Table.Td>
                  <Table.Td>
                    <RoleBadge isAdmin={invitation.isAdmin} />
                  </Table.Td>
                  <Table.Td>
                    {formatDate(invitation.createdAt)}
                    {invitation.invitedByEmail && (
                      <Text size="xs" c="dimmed">
                        by {invitation.invitedByEmail}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDate(invitation.expiresAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => notify.reportFailure(resend(invitation))}
                        loading={busyId === invitation.id}
                        disabled={busyId !== null}
                      >
                        Resend
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => revoke(invitation)}
                        disabled={busyId !== null}
                      >
                        Revoke
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
