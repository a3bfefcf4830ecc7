import { Button, Group, Pagination, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconReload } from '@tabler/icons-react';
import { useCallback, useEffect, useRef } from 'react';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { FeedCreativesQuery } from './api/feedCreatives';
import { CreativeCard } from './CreativeCard';
import { CreativeModal } from './CreativeModal';
import { CreativeStatusFilter } from './CreativeStatusFilter';
import { feedsContext, type FeedDetail } from './feed';
import { CREATIVES_PER_PAGE, creativeStatusLabels, formatNumber, pageCount } from './feedFormat';
import { useCreativesParams } from './useCreativesParams';
import { useFeedActions } from './useFeedActions';
import { usePolling } from './usePolling';

const galleryCols = { base: 2, sm: 3, md: 4, xl: 6 };

/** The creatives of a feed, 48 a page, filtered by status, with one item's ad opened large. */
export function CreativesGallery({ clientId, feed }: { clientId: string; feed: FeedDetail }) {
  const { status, page, itemId, setStatus, setPage, openItem } = useCreativesParams();
  const [{ data, error }, reexecute] = useQuery({
    query: FeedCreativesQuery,
    variables: {
      feedId: feed.id,
      statuses: status ? [status] : null,
      offset: (page - 1) * CREATIVES_PER_PAGE,
      limit: CREATIVES_PER_PAGE,
    },
    context: feedsContext,
  });
  const refresh = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  usePolling(feed.counts.isGenerating, refresh);
  // The page follows the feed's counts: an item that was pending when the page was read and finished
  // before the feed was read again (so the feed never looked generating) is read again too.
  const countsKey = JSON.stringify(feed.counts);
  const readFor = useRef(countsKey);
  useEffect(() => {
    if (countsKey === readFor.current) return;
    readFor.current = countsKey;
    refresh();
  }, [countsKey, refresh]);
  const actions = useFeedActions();

  const creativesPage = data?.feedCreatives;
  const pages = pageCount(creativesPage?.total ?? 0);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <CreativeStatusFilter value={status} counts={feed.counts} onChange={setStatus} />
        {status === 'FAILED' && feed.counts.failedCount > 0 && (
          <Button
            variant="default"
            leftSection={<IconReload size={16} />}
            onClick={() => actions.retryFailed(feed)}
            loading={actions.busy === 'retry'}
          >
            Retry failed
          </Button>
        )}
      </Group>
      {!creativesPage ? (
        <QueryState error={error} />
      ) : creativesPage.total === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed">
            {status
              ? `No item is ${creativeStatusLabels[status].toLowerCase()}.`
              : 'The feed has no items yet: its product set is empty, or generation has not started.'}
          </Text>
        </Paper>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {formatNumber(creativesPage.total)} {creativesPage.total === 1 ? 'item' : 'items'}
            {pages > 1 ? `, page ${page} of ${pages}` : ''}
          </Text>
          <SimpleGrid cols={galleryCols} spacing="sm" aria-label="Creatives">
            {creativesPage.creatives.map((creative) => (
              <CreativeCard
                key={creative.itemId}
                creative={creative}
                onOpen={() => openItem(creative.itemId)}
              />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} aria-label="Pages" />
          )}
        </>
      )}
      <CreativeModal
        clientId={clientId}
        feed={feed}
        creatives={creativesPage?.creatives ?? []}
        itemId={itemId}
        onOpen={openItem}
        onChanged={refresh}
      />
    </Stack>
  );
}
