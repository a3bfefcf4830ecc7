import { Alert, Group, List, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ResultOf } from 'gql.tada';
import type { CombinedError } from 'urql';
import { describeGraphqlError } from '../../lib/graphqlErrors';
import type { ProductSetPreviewQuery } from './api/productSetPreview';
import { formatCount } from './catalogFormat';

type Preview = ResultOf<typeof ProductSetPreviewQuery>['productSetPreview'];

/** The filter's live count, its sentence and the first matching items' titles. */
export function FilterPreview({
  preview,
  error,
  counting,
  incomplete,
}: {
  preview: Preview | undefined;
  error: CombinedError | undefined;
  counting: boolean;
  incomplete: boolean;
}) {
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)">
      <Stack gap={6}>
        <Group gap="xs">
          <Text fw={600} role="status" aria-label="Matching items" aria-live="polite">
            {incomplete
              ? 'Finish the rules to count the matching items.'
              : preview?.total != null
                ? `${formatCount(preview.total, 'item')} ${preview.total === 1 ? 'matches' : 'match'}`
                : preview?.error
                  ? 'The filter cannot be counted.'
                  : 'Counting…'}
          </Text>
          {counting && !incomplete && <Loader size="xs" aria-label="Counting" />}
        </Group>
        {error && (
          <Alert color="red" p="xs">
            {describeGraphqlError(error)}
          </Alert>
        )}
        {!incomplete && preview?.description && (
          <Text size="sm" c="dimmed">
            {preview.description === 'all items'
              ? 'Every item of the catalogue.'
              : `Items where ${preview.description}.`}
          </Text>
        )}
        {!incomplete && preview && preview.items.length > 0 && (
          <List size="sm" spacing={2} aria-label="First matching items">
            {preview.items.map((item) => (
              <List.Item key={item.id}>
                {item.title || item.id}{' '}
                <Text span size="xs" c="dimmed">
                  ({item.id})
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
