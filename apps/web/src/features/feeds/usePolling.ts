import { useEffect, useRef } from 'react';
import { FEED_POLL_MS } from './feed';

/**
 * Calls `poll` every `intervalMs` while `active`, and once more when it stops being active, so a list
 * read just before the feed finished is read again with the final state. `poll` must be stable.
 */
export function usePolling(active: boolean, poll: () => void, intervalMs = FEED_POLL_MS) {
  const wasActive = useRef(false);
  useEffect(() => {
    if (active) {
      wasActive.current = true;
      const timer = window.setInterval(poll, intervalMs);
      return () => window.clearInterval(timer);
    }
    if (wasActive.current) {
      wasActive.current = false;
      poll();
    }
    return undefined;
  }, [active, poll, intervalMs]);
}
