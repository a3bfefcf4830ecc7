import { Button, Group } from '@mantine/core';
import { IconRefresh, IconReload, IconTrash } from '@tabler/icons-react';
import type { FeedDetail } from './feed';
import type { useFeedActions } from './useFeedActions';

/** Generate now, Retry failed (only with failed items) and Delete. */
export function FeedActions({
  feed,
  actions,
}: {
  feed: FeedDetail;
  actions: ReturnType<typeof useFeedActions>;
}) {
  const { busy, generate, retryFailed, remove } = actions;
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      <Button
        leftSection={<IconRefresh size={16} />}
        onClick={() => generate(feed)}
        loading={busy === 'generate'}
        disabled={busy !== null}
      >
        Generate now
      </Button>
      {feed.counts.failedCount > 0 && (
        <Button
          variant="default"
          leftSection={<IconReload size={16} />}
          onClick={() => retryFailed(feed)}
          loading={busy === 'retry'}
          disabled={busy !== null}
        >
          Retry failed
        </Button>
      )}
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => remove(feed)}
        loading={busy === 'delete'}
        disabled={busy !== null}
      >
        Delete
      </Button>
    </Group>
  );
}
