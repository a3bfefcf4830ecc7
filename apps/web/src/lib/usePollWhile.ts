import { useCallback, useEffect } from 'react';
import type { OperationContext } from 'urql';

/** How often a screen asks again while an import is queued or running. */
export const IMPORT_POLL_MS = 2000;

/** Re-runs a query from the network every `intervalMs` while `active` holds. */
export function usePollWhile(
  active: boolean,
  reexecute: (opts?: Partial<OperationContext>) => void,
  intervalMs = IMPORT_POLL_MS,
) {
  const refetch = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(refetch, intervalMs);
    return () => window.clearInterval(timer);
  }, [active, refetch, intervalMs]);
}
