/** What the Meta card shows for the integration's state: pure rules, no React. */
import type { AdConnectionStatus, MetaIntegration, MetaSync, MetaSyncState } from './integration';

/**
 * The card's view: `setup` (no app id and secret, nothing to click), `connect` (ready to connect, or
 * connected once and disconnected since) or `connected` (a live or revoked connection).
 */
export type MetaCardView = 'setup' | 'connect' | 'connected';

export function metaCardView(integration: MetaIntegration): MetaCardView {
  const status = integration.connection?.status;
  if (status === 'CONNECTED' || status === 'RECONNECT_NEEDED') return 'connected';
  return integration.configured || integration.sandbox ? 'connect' : 'setup';
}

/** The settings an administrator sets so that "Connect Meta" works. */
export const META_SETTINGS = ['META_APP_ID', 'META_APP_SECRET'] as const;

const STATUS_LOOK: Record<AdConnectionStatus, { label: string; color: string }> = {
  CONNECTED: { label: 'Connected', color: 'green' },
  RECONNECT_NEEDED: { label: 'Reconnect needed', color: 'orange' },
  DISCONNECTED: { label: 'Disconnected', color: 'gray' },
};

export function connectionStatusLook(status: AdConnectionStatus): { label: string; color: string } {
  return STATUS_LOOK[status];
}

/** Said when Meta refuses the saved token (spec of issue 18: a revoked token keeps every synced row). */
export const RECONNECT_MESSAGE =
  'Meta no longer accepts the saved access: reconnect. Your synced data is kept.';

/** Said to members who are not admins: the server lets only admins change the connection. */
export const ADMINS_ONLY =
  'Only an admin of this workspace can connect Meta, pick the ad accounts and disconnect; any member can sync now.';

/** True while a sync waits or runs: the page asks again every 2 seconds until it ends. */
export function isSyncActive(state: MetaSyncState | undefined): boolean {
  return state === 'QUEUED' || state === 'RUNNING';
}

/** The backfill lengths offered, in days; the connection's own value is kept when it is another one. */
export const BACKFILL_DAYS = [30, 90, 180, 365] as const;

export function backfillOptions(current: number): { value: string; label: string }[] {
  const days = BACKFILL_DAYS.includes(current as (typeof BACKFILL_DAYS)[number])
    ? [...BACKFILL_DAYS]
    : [...BACKFILL_DAYS, current].sort((a, b) => a - b);
  return days.map((count) => ({ value: String(count), label: `The last ${count} days` }));
}

/** The running sync's progress as a whole percentage (the server gives a fraction from 0 to 1). */
export function syncPercent(sync: MetaSync): number {
  const fraction = sync.progress ?? 0;
  return Math.round(Math.min(1, Math.max(0, fraction)) * 100);
}

/** How the last finished sync ended, for the result line: null before the first sync or while one runs. */
export function syncOutcome(
  sync: MetaSync,
): { color: string; title: string; message: string | null; failures: readonly string[] } | null {
  switch (sync.state) {
    case 'COMPLETED':
      return {
        color: 'green',
        title: 'The last sync completed',
        message: sync.message ?? null,
        failures: [],
      };
    case 'PARTIAL':
      return {
        color: 'orange',
        title: 'The last sync completed in part: the data already synced is kept',
        message: sync.message ?? null,
        failures: sync.failures,
      };
    case 'FAILED':
      return {
        color: 'red',
        title: 'The last sync failed: the data already synced is kept',
        message: sync.message ?? null,
        failures: sync.failures,
      };
    default:
      return null;
  }
}

/** The query parameters Meta's return sets (GET /integrations/meta/callback redirects with them). */
export const META_RETURN_PARAM = 'meta';
export const META_MESSAGE_PARAM = 'message';

/** The notification for a return from Meta's consent page, or null when the URL carries none. */
export function metaReturnNotice(
  params: URLSearchParams,
): { kind: 'success' | 'error'; message: string } | null {
  const outcome = params.get(META_RETURN_PARAM);
  if (outcome === 'connected')
    return { kind: 'success', message: 'Meta is connected. Pick the ad accounts to sync.' };
  if (outcome === 'error') {
    const message = params.get(META_MESSAGE_PARAM)?.trim();
    return {
      kind: 'error',
      message: message ? `Meta was not connected: ${message}` : 'Meta was not connected. Try again.',
    };
  }
  return null;
}
