import { useCallback } from 'react';
import { useQuery } from 'urql';
import { FeedQuery } from './api/feed';
import { feedsContext } from './feed';
import { usePolling } from './usePolling';

/** One feed, read again every 2 s while it is generating (and once when it is done). */
export function useFeed(id: string) {
  const [{ data, error }, reexecute] = useQuery({
    query: FeedQuery,
    variables: { id },
    context: feedsContext,
  });
  const refresh = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  usePolling(Boolean(data?.feed?.counts.isGenerating), refresh);
  return { loaded: data !== undefined, feed: data?.feed ?? null, error };
}
