import { Paper, Stack, Text } from '@mantine/core';
import type { ClientScreenProps } from '../clients';
import { ScreenHeader } from '../../components/ScreenHeader';

/** An area that is not built yet: what it will do, and nothing that pretends to work. */
export function PlaceholderScreen({ route }: ClientScreenProps) {
  return (
    <Paper withBorder p="xl" radius="md">
      <ScreenHeader title={route.title} />
      <Stack gap="xs">
        <Text>{route.description}</Text>
        <Text c="dimmed">This area is not built yet.</Text>
      </Stack>
    </Paper>
  );
}
