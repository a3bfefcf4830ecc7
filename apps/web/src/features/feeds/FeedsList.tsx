import { Anchor, Group, Loader, Progress, Table, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { clientUrl } from '../../app/routes';
import { QueryState } from '../../components/QueryState';
import { useCurrentClient } from '../clients';
import { formatTimeAgo } from '../templates';
import { FeedsQuery } from './api/feeds';
import { feedsContext } from './feed';
import { formatItemProgress, formatNumber, progressPercent } from './feedFormat';
import { FeedStatusBadge } from './FeedStatusBadge';
import { usePolling } from './usePolling';

/**
 * The workspace's feeds, or those of some product sets, with their status and progress; read again every
 * 2 s while one is generating. Mount it wherever product sets are shown.
 */
export function FeedsList({
  productSetIds,
  emptyText = 'No feeds yet.',
}: {
  /** Only the feeds of these product sets; every feed when omitted. */
  productSetIds?: readonly string[];
  emptyText?: string;
}) {
  const client = useCurrentClient();
  const [{ data, error }, reexecute] = useQuery({ query: FeedsQuery, context: feedsContext });
  const feeds = useMemo(
    () => data?.feeds.filter((feed) => !productSetIds || productSetIds.includes(feed.productSetId)),
    [data, productSetIds],
  );
  const refresh = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  usePolling(Boolean(feeds?.some((feed) => feed.counts.isGenerating)), refresh);

  if (!client) return null;
  if (!feeds)
    return error ? <QueryState error={error} /> : <Loader size="sm" aria-label="Loading the feeds" />;
  if (feeds.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-label="Feeds">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w="30%">Progress</Table.Th>
            <Table.Th>Ads</Table.Th>
            <Table.Th>Updated</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {feeds.map((feed) => (
            <Table.Tr key={feed.id}>
              <Table.Td>
                <Anchor component={Link} to={clientUrl(client.id, 'feeds/:id/', { id: feed.id })} fw={600}>
                  {feed.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <FeedStatusBadge status={feed.status} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Progress
                    value={progressPercent(feed.counts.completedCount, feed.counts.itemCount)}
                    color={feed.counts.isGenerating ? 'blue' : 'teal'}
                    style={{ flex: 1 }}
                    aria-label={`Progress of ${feed.name}`}
                  />
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatItemProgress(feed.counts.completedCount, feed.counts.itemCount)}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                {formatNumber(feed.counts.generatedCount)}
                {feed.counts.failedCount > 0 && (
                  <Text span size="xs" c="red" ml={6}>
                    {formatNumber(feed.counts.failedCount)} failed
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatTimeAgo(feed.updatedAt)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
