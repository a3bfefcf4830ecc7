import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScreenHeader } from '../../components/ScreenHeader';
import type { ClientScreenProps } from '../clients';

/** Shown to signed-in users who are not members of the workspace in the address. */
export function UnauthorizedScreen({ route }: ClientScreenProps) {
  return (
    <Paper withBorder p="xl" radius="md" maw={720}>
      <ScreenHeader title={route.title} />
      <Stack gap="md" align="flex-start">
        <Text>
          You are not a member of this workspace, or your access was removed. Ask an admin of the workspace to
          invite you.
        </Text>
        <Button component={Link} to="/">
          Go to your workspace
        </Button>
      </Stack>
    </Paper>
  );
}
