import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient, useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { mutationFailure } from '../../lib/graphqlErrors';
import { FeedCreativeQuery, RegenerateCreativeMutation } from './api/regenerateCreative';
import type { Creative } from './feed';
import { isCreativeWorking } from './feedFormat';

/** How often an item being made again is read. */
const POLL_MS = 1000;

/**
 * "Regenerate" for one item: asks the server to make the item's ad again, then reads the item every
 * second until its status is final. `working` names the item meanwhile (its progress shows); `latest` is
 * the item as last read; `onDone` lets the gallery read its page again.
 */
export function useRegenerateCreative(feedId: string, onDone: () => void) {
  const client = useClient();
  const [, regenerate] = useMutation(RegenerateCreativeMutation);
  const notify = useNotify();
  const [working, setWorking] = useState<string | null>(null);
  const [latest, setLatest] = useState<Creative | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (itemId: string) => {
      setWorking(itemId);
      try {
        const result = await regenerate({ feedId, itemId });
        const payload = result.data?.regenerateCreative;
        const failure = mutationFailure(result, payload);
        if (failure) {
          notify.error(failure);
          return;
        }
        for (;;) {
          await new Promise((resolve) => window.setTimeout(resolve, POLL_MS));
          if (!mounted.current) return;
          const read = await client
            .query(FeedCreativeQuery, { feedId, itemId }, { requestPolicy: 'network-only' })
            .toPromise();
          const creative = read.data?.feedCreative;
          if (read.error || !creative)
            throw read.error ?? new Error(`Item ${itemId} is no longer in the feed`);
          setLatest(creative);
          if (isCreativeWorking(creative.status)) continue;
          if (creative.status === 'GENERATED') notify.success(`The ad of item ${itemId} was made again.`);
          else
            notify.error(`Item ${itemId} was not made: ${creative.error ?? creative.status.toLowerCase()}.`);
          onDone();
          return;
        }
      } finally {
        if (mounted.current) setWorking(null);
      }
    },
    [client, feedId, notify, onDone, regenerate],
  );

  return {
    working,
    latest,
    regenerate: (itemId: string) => notify.reportFailure(run(itemId)),
  };
}
