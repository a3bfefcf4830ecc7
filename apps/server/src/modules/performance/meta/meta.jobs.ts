/**
 * The Meta sync as a job (one per connection at a time: its singleton key), and the nightly sync: a
 * periodic check every hour that queues the sync of each connected connection not synced for 20 hours,
 * so each syncs about once a day whichever process runs it, and a missed night is caught up within the hour;
 * a sync left QUEUED or RUNNING by a dead process for longer than the job's expiry is started again.
 */
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { adConnections, type AdConnectionRow } from '../../../db/schema.js';
import type { JobQueue } from '../../../jobs/queue.js';
import { registerJobHandler, registerPeriodicJob } from '../../../jobs/registry.js';
import { requestFeatureExtraction } from '../creative-features/extract/extract.jobs.js';
import { connectionById, META, updateConnection } from './connection.js';
import { runMetaSync } from './sync.js';

export const META_SYNC_JOB = 'meta-sync';
export const META_NIGHTLY_JOB = 'meta-nightly-sync';
const NIGHTLY_AFTER_MS = 20 * 3600_000;
/** Longer than the sync job's expiry (4 hours). */
const STALLED_AFTER_MS = 5 * 3600_000;

/** Queues a sync of the connection (a no-op when one is already waiting) and marks it QUEUED. */
export async function queueMetaSync(
  deps: { db: Db; jobs: JobQueue },
  connection: Pick<AdConnectionRow, 'id' | 'clientId'>,
): Promise<void> {
  await updateConnection(deps.db, connection.id, {
    syncState: 'queued',
    syncProgress: 0,
    syncMessage: 'Waiting for its turn.',
  });
  await deps.jobs.send(
    META_SYNC_JOB,
    { connectionId: connection.id },
    {
      singletonKey: `meta-sync:${connection.id}`,
      group: connection.clientId,
      retryLimit: 1,
      expireInSeconds: 4 * 3600,
    },
  );
}

registerJobHandler<{ connectionId: string }>(META_SYNC_JOB, async (job, ctx) => {
  const outcome = await runMetaSync(ctx, job.data.connectionId);
  // The synced ads' creatives get their features (a lost request is found by the features' sweep).
  if (outcome.state === 'completed' || outcome.state === 'partial') {
    const connection = await connectionById(ctx.db, job.data.connectionId);
    if (connection) await requestFeatureExtraction(ctx, connection.clientId);
  }
  return { state: outcome.state, rows: outcome.rows, failures: outcome.failures.length };
});

registerPeriodicJob(META_NIGHTLY_JOB, 3600, async (ctx) => {
  const due = await ctx.db
    .select({ id: adConnections.id, clientId: adConnections.clientId })
    .from(adConnections)
    .where(
      and(
        eq(adConnections.provider, META),
        eq(adConnections.status, 'connected'),
        or(
          isNull(adConnections.lastSyncAt),
          lt(adConnections.lastSyncAt, new Date(Date.now() - NIGHTLY_AFTER_MS)),
        ),
        or(
          inArray(adConnections.syncState, ['idle', 'completed', 'partial', 'failed']),
          // A sync whose process died (no progress written for longer than the job's expiry) starts again.
          and(
            inArray(adConnections.syncState, ['queued', 'running']),
            lt(adConnections.updatedAt, new Date(Date.now() - STALLED_AFTER_MS)),
          ),
        ),
      ),
    );
  for (const connection of due) await queueMetaSync(ctx, connection);
  return { queued: due.length };
});
