import { Button, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { MembersQuery } from './api/members';
import { membersContext } from './member';
import { MembersTable } from './MembersTable';
import { useMemberActions } from './useMemberActions';

export function ActiveMembers() {
  const [{ data, error }] = useQuery({
    query: MembersQuery,
    variables: { active: true },
    context: membersContext,
  });
  const { busyUserId, deactivate, setAdmin } = useMemberActions();

  if (!data) return <QueryState error={error} />;
  if (data.members.length === 0) return <Text c="dimmed">No active users.</Text>;

  return (
    <MembersTable
      caption="Active users"
      members={data.members}
      actions={(member) =>
        member.isViewer ? null : (
          <>
            <Button
              size="xs"
              variant="default"
              onClick={() => setAdmin(member, !member.permissions.isAdmin)}
              disabled={busyUserId !== null}
              loading={busyUserId === member.userId}
            >
              {member.permissions.isAdmin ? 'Remove admin' : 'Make admin'}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => deactivate(member)}
              disabled={busyUserId !== null}
            >
              Deactivate
            </Button>
          </>
        )
      }
    />
  );
}
