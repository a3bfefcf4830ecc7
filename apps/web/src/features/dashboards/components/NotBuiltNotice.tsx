import { Alert, Text } from '@mantine/core';

/** A part of a dashboard whose server query does not exist yet: says so instead of showing made-up figures. */
export function NotBuiltNotice({ part }: { part: string }) {
  return (
    <Alert color="gray" variant="light" title={`${part}: not built yet`}>
      <Text size="sm">The server does not answer this part yet, so nothing is shown here.</Text>
    </Alert>
  );
}
