import { useEffect } from 'react';
import { useAppStore } from '../../app/store/appStore';

const RETRY_MS = 2_000;
/** Three minutes: building the demo data set (six months of sixty ads) takes a while on a busy server. */
const MAX_TRIES = 90;

/**
 * The account menu switches demo mode on the public endpoint, so the dashboards' client-scoped cache hears
 * nothing of it, and the server builds the demo data set after the switch (demoModeEnabled). While the
 * device's demo mode and the context disagree, or demo mode is on and the demo data is not there yet, the
 * context is asked again every 2 s (3 minutes at most). Returns a key that changes with the data set shown,
 * for the screens' queries to start afresh.
 */
export function useFollowDemoMode(
  context: { demo: boolean; hasData: boolean } | undefined,
  refetch: () => void,
): string {
  const { demoMode } = useAppStore();
  const waiting = context != null && (context.demo !== demoMode || (demoMode && !context.hasData));

  useEffect(() => {
    if (!waiting) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries > MAX_TRIES) clearInterval(timer);
      else refetch();
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, refetch]);

  return context?.demo ? 'demo' : 'real';
}
