import { Button, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { MembersQuery } from './api/members';
import { membersContext } from './member';
import { MembersTable } from './MembersTable';
import { useMemberActions } from './useMemberActions';

export function InactiveMembers() {
  const [{ data, error }] = useQuery({
    query: MembersQuery,
    variables: { active: false },
    context: membersContext,
  });
  const { busyUserId, reactivate } = useMemberActions();

  if (!data) return <QueryState error={error} />;
  if (data.members.length === 0) return <Text c="dimmed">No inactive users.</Text>;

  return (
    <MembersTable
      caption="Inactive users"
      members={data.members}
      actions={(member) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => reactivate(member)}
          disabled={busyUserId !== null}
          loading={busyUserId === member.userId}
        >
          Reactivate
        </Button>
      )}
    />
  );
}
