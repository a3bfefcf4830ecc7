/**
 * One sync of a client's Meta connection: every picked ad account, its backfill the first time and the
 * recent days Meta restates afterwards. The state, progress and failures are written on the connection row
 * as it goes, so any process can show them. A token Meta refuses (error 190) marks the connection
 * RECONNECT_NEEDED and stops; an account or chunk that fails is listed and the rest goes on (PARTIAL);
 * nothing synced before is ever deleted.
 */
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { adAccounts, type AdSyncState } from '../../../db/schema.js';
import { accountUnits, syncAccount } from './account-sync.js';
import { accessTokenOf, connectionById, graphClient, updateConnection } from './connection.js';
import { GraphApiError } from './graph-errors.js';
import { metaEnv, type MetaEnv } from './meta-env.js';
import { syncRange } from './sync-range.js';
import { DEFAULT_TUNING, type MetaTuning } from './tuning.js';

export interface MetaSyncOutcome {
  state: AdSyncState | 'skipped';
  failures: string[];
  rows: number;
}

const describe = (e: unknown) => (e instanceof Error ? e.message : String(e));

export async function runMetaSync(
  deps: { db: Db; config: Config },
  connectionId: string,
  overrides: Partial<MetaTuning> = {},
  /** Where Meta answers (default: the settings'; the backfill benchmark gives a fake of its own). */
  env: MetaEnv = metaEnv(deps.config),
): Promise<MetaSyncOutcome> {
  const tuning: MetaTuning = { ...DEFAULT_TUNING, ...overrides };
  const { db } = deps;
  const connection = await connectionById(db, connectionId);
  if (!connection || connection.status !== 'connected' || !connection.tokenCiphertext) {
    if (connection && connection.syncState === 'queued')
      await updateConnection(db, connection.id, { syncState: 'idle', syncProgress: null });
    return { state: 'skipped', failures: [], rows: 0 };
  }
  const accounts = await db
    .select()
    .from(adAccounts)
    .where(
      and(
        eq(adAccounts.connectionId, connection.id),
        eq(adAccounts.syncEnabled, true),
        eq(adAccounts.source, 'meta'),
      ),
    );
  const started = new Date(tuning.now());
  const ranges = accounts.map((a) => syncRange(a, connection.backfillDays, tuning.restateDays, started));
  const units = Math.max(
    1,
    accounts.reduce((n, _a, i) => n + accountUnits(ranges[i]!, tuning), 0),
  );
  let done = 0;
  await updateConnection(db, connection.id, {
    syncState: 'running',
    syncProgress: 0,
    syncStartedAt: started,
    syncFinishedAt: null,
    syncFailures: [],
    syncMessage: `Syncing ${accounts.length} ad account${accounts.length === 1 ? '' : 's'}.`,
  });

  const token = await accessTokenOf(deps.config, db, connection);
  const client = graphClient(env, token ?? undefined, {
    sleep: tuning.sleep,
    rateLimitRetries: tuning.rateLimitRetries,
    transientRetries: tuning.transientRetries,
    baseDelayMs: tuning.baseDelayMs,
    maxDelayMs: tuning.maxDelayMs,
  });
  const failures: string[] = [];
  const notes: string[] = [];
  let rows = 0;
  let succeeded = 0;
  const step = async () => {
    done += 1;
    await updateConnection(db, connection.id, { syncProgress: Math.min(1, done / units) });
  };

  for (const [i, account] of accounts.entries()) {
    try {
      const result = await syncAccount(
        { db, config: deps.config, client, tuning, step },
        account,
        ranges[i]!,
      );
      rows += result.rows;
      notes.push(...result.notes);
      failures.push(...result.failures);
      if (result.failures.length === 0) {
        succeeded += 1;
        await db.update(adAccounts).set({ lastSyncedAt: started }).where(eq(adAccounts.id, account.id));
      } else if (result.partsDone > 0) succeeded += 1;
    } catch (e) {
      if (e instanceof GraphApiError && e.kind === 'token') {
        const message = `Meta refused the access token (${e.message}). Reconnect Meta to go on syncing; the data synced so far is kept.`;
        await updateConnection(db, connection.id, {
          status: 'reconnect_needed',
          syncState: 'failed',
          syncProgress: null,
          syncFinishedAt: new Date(tuning.now()),
          syncFailures: [...failures, message],
          syncMessage: message,
          lastSyncError: message,
        });
        return { state: 'failed', failures: [...failures, message], rows };
      }
      failures.push(`${account.name} (${account.externalId}): ${describe(e)}`);
    }
  }

  const state: AdSyncState = failures.length === 0 ? 'completed' : succeeded > 0 ? 'partial' : 'failed';
  const finished = new Date(tuning.now());
  const message =
    state === 'completed'
      ? `Synced ${accounts.length} ad account${accounts.length === 1 ? '' : 's'} (${rows} daily rows).${notes.length ? ` ${notes.join(' ')}` : ''}`
      : `${failures.length} part${failures.length === 1 ? '' : 's'} of the sync failed; everything else was synced and the earlier data of the failed parts is kept.`;
  await updateConnection(db, connection.id, {
    syncState: state,
    syncProgress: 1,
    syncFinishedAt: finished,
    syncFailures: failures,
    syncMessage: message,
    lastSyncError: failures.length ? failures.join('\n') : null,
    ...(state !== 'failed' ? { lastSyncAt: finished } : {}),
  });
  return { state, failures, rows };
}
