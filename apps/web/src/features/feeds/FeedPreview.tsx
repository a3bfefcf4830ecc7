import { Alert, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { FeedCatalogItemImagesQuery } from './api/catalogItemImages';
import { FeedCreativesQuery } from './api/feedCreatives';
import { feedsContext, type FeedDetail } from './feed';
import { itemIdsFilterJson, itemPrice } from './feedFormat';
import { PreviewCard } from './PreviewCard';
import { usePolling } from './usePolling';

/** How many of the first generated ads the preview shows. */
const PREVIEW_COUNT = 24;
const previewCols = { base: 1, xs: 2, lg: 3 };

/**
 * The first generated ads large, each with its item's title and price, and a switch to the items'
 * original images for comparison.
 */
export function FeedPreview({ feed }: { feed: FeedDetail }) {
  const [showing, setShowing] = useState<'ads' | 'originals'>('ads');
  const [{ data, error }, reexecute] = useQuery({
    query: FeedCreativesQuery,
    variables: { feedId: feed.id, statuses: ['GENERATED'], offset: 0, limit: PREVIEW_COUNT },
    context: feedsContext,
  });
  const refresh = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  usePolling(feed.counts.isGenerating, refresh);

  const creatives = data?.feedCreatives.creatives;
  const catalogId = feed.catalogId;
  const itemIds = useMemo(() => (creatives ?? []).map((creative) => creative.itemId), [creatives]);
  const [originals] = useQuery({
    query: FeedCatalogItemImagesQuery,
    variables: { catalogId: catalogId ?? '', filterJson: itemIdsFilterJson(itemIds), limit: PREVIEW_COUNT },
    // Read for the ads too: each card names its item's title and price.
    pause: !catalogId || itemIds.length === 0,
  });
  const items = new Map((originals.data?.catalogItems.items ?? []).map((item) => [item.id, item]));
  const loadingOriginals =
    showing === 'originals' && catalogId !== null && !originals.data && !originals.error;

  if (!creatives) return <QueryState error={error} />;
  if (creatives.length === 0)
    return (
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">
          {feed.counts.isGenerating
            ? 'No ad is ready yet. They appear here as they are made.'
            : 'The feed has no generated ads.'}
        </Text>
      </Paper>
    );
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Show"
        w="fit-content"
        value={showing}
        onChange={(value) => setShowing(value === 'originals' ? 'originals' : 'ads')}
        data={[
          { value: 'ads', label: 'Ads' },
          { value: 'originals', label: 'Original images' },
        ]}
      />
      {showing === 'originals' && !catalogId && (
        <Alert color="yellow" variant="light">
          The feed does not say which catalogue it reads, so the original images cannot be shown.
        </Alert>
      )}
      {showing === 'originals' && originals.error && <QueryState error={originals.error} />}
      <Text size="sm" c="dimmed">
        {showing === 'ads'
          ? `The first ${creatives.length} generated ${creatives.length === 1 ? 'ad' : 'ads'}, as ad networks will show them.`
          : 'The same items’ original images from the catalogue, for comparison.'}
      </Text>
      <SimpleGrid cols={previewCols} spacing="md" aria-label="Preview">
        {creatives.map((creative) => (
          <PreviewCard
            key={creative.itemId}
            itemId={creative.itemId}
            title={items.get(creative.itemId)?.title}
            price={itemPrice(items.get(creative.itemId))}
            imageUrl={showing === 'ads' ? creative.imageUrl : items.get(creative.itemId)?.imageLink || null}
            showing={showing}
            loading={loadingOriginals}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
