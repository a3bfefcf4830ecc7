import { Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format';
import { type Member, memberName } from './member';
import { RoleBadge } from '../../components/RoleBadge';

/** Members with their role and join date; `actions` renders the buttons of one row. */
export function MembersTable({
  members,
  actions,
  caption,
}: {
  members: readonly Member[];
  actions: (member: Member) => ReactNode;
  caption: string;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Joined</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.userId}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {memberName(member)}
                  </Text>
                  {member.isViewer && (
                    <Badge size="xs" variant="outline">
                      You
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td>
                <RoleBadge isAdmin={member.permissions.isAdmin} />
              </Table.Td>
              <Table.Td>{formatDate(member.joinedAt)}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {actions(member)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
