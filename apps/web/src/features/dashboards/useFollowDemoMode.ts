import { useEffect, useRef } from 'react';
import { useAppStore } from '../../app/store/appStore';

const RETRY_MS = 2_000;
/** Three minutes: building the demo data set (six months of sixty ads) takes a while on a busy server. */
const MAX_TRIES = 90;

interface ContextState {
  demo: boolean;
  hasData: boolean;
}

/** Calls `ask` every 2 s (3 minutes at most) until `done()` says so or the effect ends. */
function pollUntil(ask: () => void, done: () => boolean): () => void {
  let tries = 0;
  const timer = setInterval(() => {
    tries += 1;
    if (done() || tries > MAX_TRIES) clearInterval(timer);
    else ask();
  }, RETRY_MS);
  return () => clearInterval(timer);
}

/**
 * The account menu and the demo notice switch demo mode on the public endpoint, so the dashboards'
 * client-scoped cache hears nothing of it, and the server builds the demo data set after the switch
 * (demoModeEnabled). After a switch on this device, the context is asked again until the server reads the
 * same mode; while the demo data set is being built, until it has data. Returns a key that changes with the
 * data set shown, for the screens' queries to start afresh.
 */
export function useFollowDemoMode(context: ContextState | undefined, refetch: () => void): string {
  const { demoMode } = useAppStore();
  // Read by the timers: the latest answer and the latest way to ask, without restarting them.
  const latest = useRef({ context, refetch });
  useEffect(() => {
    latest.current = { context, refetch };
  });

  const started = useRef(false);
  useEffect(() => {
    if (!started.current) {
      // The mode this visit started with: the server's answer already matches it, or the device and the
      // server simply disagree (another device switched), which asking again would not change.
      started.current = true;
      return;
    }
    return pollUntil(
      () => latest.current.refetch(),
      () => latest.current.context?.demo === demoMode,
    );
  }, [demoMode]);

  const building = context != null && context.demo && !context.hasData;
  useEffect(() => {
    if (!building) return;
    return pollUntil(
      () => latest.current.refetch(),
      () => latest.current.context?.hasData === true,
    );
  }, [building]);

  return context?.demo ? 'demo' : 'real';
}
