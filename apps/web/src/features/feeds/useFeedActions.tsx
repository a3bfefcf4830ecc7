import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { DeleteFeedMutation } from './api/deleteFeed';
import { GenerateFeedMutation } from './api/generateFeed';
import { RetryFailedCreativesMutation } from './api/retryFailedCreatives';
import { RotateFeedExportTokenMutation } from './api/rotateFeedExportToken';
import { feedsContext, type FeedDetail } from './feed';
import { formatItems } from './feedFormat';

type FeedRef = Pick<FeedDetail, 'id' | 'name'>;
export type FeedAction = 'generate' | 'retry' | 'delete' | 'rotate';

/**
 * Generate now, retry failed, delete and rotate the export token (both after a confirmation), each
 * reported in a notification.
 */
export function useFeedActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const [, generateFeed] = useMutation(GenerateFeedMutation);
  const [, retryFailedCreatives] = useMutation(RetryFailedCreativesMutation);
  const [, deleteFeed] = useMutation(DeleteFeedMutation);
  const [, rotateFeedExportToken] = useMutation(RotateFeedExportTokenMutation);
  const notify = useNotify();
  const [busy, setBusy] = useState<FeedAction | null>(null);

  /** Runs `run` with `action` shown as busy; what it fails with is shown in red. */
  const track = (action: FeedAction, run: () => Promise<unknown>) => {
    setBusy(action);
    notify.reportFailure(run().finally(() => setBusy(null)));
  };

  const generate = (feed: FeedRef) =>
    track('generate', async () => {
      const result = await generateFeed({ id: feed.id }, feedsContext);
      const payload = result.data?.generateFeed;
      const queued = payload?.queued ?? 0;
      // A refresh sends jobs only for items whose inputs changed (issue 20): none is a real answer.
      notify.mutation(
        result,
        payload,
        queued === 0
          ? 'Nothing changed since the last run: every ad is up to date. Pictures behind unchanged links are checked on a schedule.'
          : `Generation started: ${formatItems(queued)} queued.`,
      );
    });

  const retryFailed = (feed: FeedRef) =>
    track('retry', async () => {
      const result = await retryFailedCreatives({ feedId: feed.id }, feedsContext);
      const payload = result.data?.retryFailedCreatives;
      notify.mutation(result, payload, `${formatItems(payload?.queued ?? 0)} queued again.`);
    });

  const remove = (feed: FeedRef) =>
    modals.openConfirmModal({
      title: 'Delete feed',
      children: (
        <Text size="sm">
          Delete ‘{feed.name}’? Its designs and ads are removed and its export URLs stop working, so ad
          networks that fetch them will fail. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        track('delete', async () => {
          // The answer holds no feed: name the typename so the lists refetch.
          const result = await deleteFeed({ id: feed.id }, feedsContext);
          if (notify.mutation(result, result.data?.deleteFeed, `‘${feed.name}’ was deleted.`)) onDeleted?.();
        }),
    });

  const rotateToken = (feed: FeedRef) =>
    modals.openConfirmModal({
      title: 'Rotate export token',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Give ‘{feed.name}’ new export URLs? The current URLs stop working at once: ad networks that fetch
            them get “Not found” until you paste the new URLs into them.
          </Text>
          <Text size="sm">Do this when a URL reached someone who should not have it.</Text>
        </Stack>
      ),
      labels: { confirm: 'Rotate token', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        track('rotate', async () => {
          const result = await rotateFeedExportToken({ id: feed.id }, feedsContext);
          notify.mutation(
            result,
            result.data?.rotateFeedExportToken,
            'Export token rotated: the new URLs are shown under Export URLs; the old ones no longer work.',
          );
        }),
    });

  return { busy, generate, retryFailed, remove, rotateToken };
}
