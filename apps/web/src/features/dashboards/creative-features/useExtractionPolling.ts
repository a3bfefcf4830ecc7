import { useEffect, useRef } from 'react';

/** How often the page asks again while features are being read. */
const POLL_MS = 3_000;
/** Ten minutes: a client's first extraction (every creative read once) can take a while on a busy server. */
const MAX_TRIES = 200;

/**
 * While the server is still reading creatives' features (`pending > 0`), asks the page's query again every
 * few seconds, so the progress bar moves and the figures fill in by themselves; stops once nothing is pending.
 */
export function useExtractionPolling(pending: number | undefined, refetch: () => void): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  const reading = pending != null && pending > 0;
  useEffect(() => {
    if (!reading) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries > MAX_TRIES) clearInterval(timer);
      else latest.current();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [reading]);
}
