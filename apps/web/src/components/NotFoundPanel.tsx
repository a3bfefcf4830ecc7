import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScreenHeader } from './ScreenHeader';

export function NotFoundPanel() {
  return (
    <Paper withBorder p="xl" radius="md">
      <ScreenHeader title="Page not found" />
      <Stack gap="md" align="flex-start">
        <Text>There is no page at this address. Check the link, or go back to your workspace.</Text>
        <Button component={Link} to="/">
          Go to your workspace
        </Button>
      </Stack>
    </Paper>
  );
}
