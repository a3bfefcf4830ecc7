import { Badge } from '@mantine/core';

export function RoleBadge({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Badge variant="light" color={isAdmin ? 'violet' : 'gray'}>
      {isAdmin ? 'Admin' : 'User'}
    </Badge>
  );
}
