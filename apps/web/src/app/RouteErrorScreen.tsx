import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Shown when a screen fails to load or throws (for example after a deploy replaced its code). */
export function RouteErrorScreen() {
  return (
    <Container component="main" size={520} py={80}>
      <Alert color="red" icon={<IconAlertTriangle />} title="This page failed to load">
        <Stack gap="md" align="flex-start">
          <Text size="sm">Reload the page. If it keeps failing, contact customer success.</Text>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Alert>
    </Container>
  );
}
