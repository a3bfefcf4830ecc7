import { Alert, Loader, Text } from '@mantine/core';
import type { CombinedError } from 'urql';
import { describeGraphqlError } from '../lib/graphqlErrors';

/** What a list shows before it has data: a loader, or why it failed. */
export function QueryState({ error }: { error: CombinedError | undefined }) {
  if (!error) return <Loader size="sm" aria-label="Loading" />;
  return (
    <Alert color="red" title="This list could not be loaded">
      <Text size="sm">{describeGraphqlError(error)}</Text>
    </Alert>
  );
}
