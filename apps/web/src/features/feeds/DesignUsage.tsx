import { Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { FeedCreativesQuery } from './api/feedCreatives';
import { CreativeImage } from './CreativeImage';
import { feedsContext, type FeedDetail } from './feed';
import { formatNumber } from './feedFormat';
import { usePolling } from './usePolling';

/** The largest page the server gives; the ads of a design are counted in it (the API has no count per design). */
const COUNTED = 200;
const SAMPLES = 8;

/** How many ads took this design, counted from the feed's first 200 generated ads, with a few of them. */
export function DesignUsage({ feed, designId }: { feed: FeedDetail; designId: string }) {
  const [{ data, error }, reexecute] = useQuery({
    query: FeedCreativesQuery,
    variables: { feedId: feed.id, statuses: ['GENERATED'], offset: 0, limit: COUNTED },
    context: feedsContext,
  });
  const refresh = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  usePolling(feed.counts.isGenerating, refresh);

  const page = data?.feedCreatives;
  const mine = page?.creatives.filter((creative) => creative.designId === designId) ?? [];
  const partial = page !== undefined && page.total > page.creatives.length;
  return (
    <Stack gap="sm" component="section" aria-label="Ads of this design">
      <Title order={3} fz="md">
        Ads of this design
      </Title>
      {!page ? (
        error ? (
          <QueryState error={error} />
        ) : (
          <Loader size="sm" aria-label="Counting the ads" />
        )
      ) : (
        <>
          <Text role="status">
            {partial
              ? `${formatNumber(mine.length)} of the first ${formatNumber(page.creatives.length)} generated ads (of ${formatNumber(page.total)}) took this design.`
              : `${formatNumber(mine.length)} of ${formatNumber(page.total)} generated ${page.total === 1 ? 'ad' : 'ads'} took this design.`}
          </Text>
          {partial && (
            <Text size="xs" c="dimmed">
              Counted in the browser from one page of ads: the API has no count per design yet.
            </Text>
          )}
          {mine.length > 0 && (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              {mine.slice(0, SAMPLES).map((creative) => (
                <CreativeImage
                  key={creative.itemId}
                  url={creative.imageUrl}
                  alt={`Ad of item ${creative.itemId}`}
                />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}
