import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { RoleBadge } from '../../components/RoleBadge';
import { PortalCreateSignInLinkMutation } from './api/portalCreateSignInLink';
import type { PortalClient } from './planStatus';
import { SignInLink } from './SignInLink';

interface CreatedLink {
  email: string;
  url: string;
  expiresAt: string | null;
}

/** The members of a client, each with a way to create a one-time sign-in link. */
export function PortalMembers({ members }: { members: PortalClient['members'] }) {
  const [, createSignInLink] = useMutation(PortalCreateSignInLinkMutation);
  const notify = useNotify();
  const [busyEmail, setBusyEmail] = useState<string | null>(null);
  const [link, setLink] = useState<CreatedLink | null>(null);

  const create = async (email: string) => {
    setBusyEmail(email);
    const result = await createSignInLink({ email });
    setBusyEmail(null);
    const payload = result.data?.portalCreateSignInLink;
    if (notify.mutation(result, payload, `Sign-in link created for ${email}.`) && payload?.url) {
      setLink({ email, url: payload.url, expiresAt: payload.expiresAt });
    }
  };

  if (members.length === 0) return <Text c="dimmed">This client has no members yet.</Text>;

  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member.userId}>
                <Table.Td>{`${member.firstName} ${member.lastName}`.trim() || '—'}</Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <RoleBadge isAdmin={member.permissions.isAdmin} />
                    {!member.permissions.isActive && (
                      <Badge variant="outline" color="red">
                        Inactive
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => notify.reportFailure(create(member.email))}
                      loading={busyEmail === member.email}
                      disabled={busyEmail !== null}
                    >
                      Create sign-in link
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {link && <SignInLink {...link} />}
    </>
  );
}
