import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { describeGraphqlError } from '../../lib/graphqlErrors';
import { useSession } from './session';

/** Shown when the user could not be loaded at all; the held error stays until a retry succeeds. */
export function SessionErrorScreen() {
  const { error, refresh } = useSession();
  const [retrying, setRetrying] = useState(false);

  const retry = () => {
    setRetrying(true);
    refresh()
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  };

  return (
    <Container component="main" size={520} py={80}>
      <Alert color="red" icon={<IconAlertTriangle />} title="Your account could not be loaded">
        <Stack gap="md" align="flex-start">
          <Text size="sm">{error ? describeGraphqlError(error) : 'Try again in a moment.'}</Text>
          <Button onClick={retry} loading={retrying}>
            Try again
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
