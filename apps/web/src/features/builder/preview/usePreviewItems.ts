import { useEffect, useState, type Dispatch } from 'react';
import { useClient } from 'urql';
import { describeGraphqlError } from '../../../lib/graphqlErrors';
import { PreviewItemsQuery } from './api/previewItems';
import {
  previewItemsQuery,
  type PreviewAction,
  type PreviewItemsQueryKey,
  type PreviewState,
} from './previewState';

/**
 * Loads the page of items the Preview state asks for and reports it (itemsLoaded / itemsFailed, tagged
 * with the query so the reducer drops answers to older ones). Returns a reload for a failed page.
 */
export function usePreviewItems(state: PreviewState, dispatch: Dispatch<PreviewAction>): () => void {
  const client = useClient();
  const query = previewItemsQuery(state);
  // By content: the state builds a new key object on every render.
  const queryJson = query ? JSON.stringify(query) : null;
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!queryJson) return undefined;
    const key = JSON.parse(queryJson) as PreviewItemsQueryKey;
    let active = true;
    void client
      .query(
        PreviewItemsQuery,
        {
          catalogId: key.catalogId,
          filterJson: key.filterJson,
          searchString: key.searchString || null,
          offset: key.offset,
          limit: key.limit,
        },
        // A reload asks the server again rather than the cache.
        { requestPolicy: attempt > 0 ? 'network-only' : 'cache-first' },
      )
      .toPromise()
      .then((result) => {
        if (!active) return;
        const page = result.data?.catalogItems;
        if (page) dispatch({ type: 'itemsLoaded', query: key, items: page.items, total: page.total });
        else
          dispatch({
            type: 'itemsFailed',
            query: key,
            message: result.error
              ? describeGraphqlError(result.error)
              : 'The server gave no answer. Try again.',
          });
      });
    return () => {
      active = false;
    };
  }, [client, queryJson, attempt, dispatch]);

  return () => setAttempt((count) => count + 1);
}
