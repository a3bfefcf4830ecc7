/**
 * The 'creative-features.rollup' job: rebuilds one client's per-feature daily rollup unless it is current
 * (rollup.ts). Asked for by an extraction that changed features and by a feature page that found the
 * rollup stale; at most one waits per client (its singleton key).
 */
import type { JobQueue } from '../../../jobs/queue.js';
import { registerJobHandler } from '../../../jobs/registry.js';
import { refreshFeatureRollup } from './rollup.js';

export const FEATURE_ROLLUP_JOB = 'creative-features.rollup';

export interface FeatureRollupJob {
  clientId: string;
}

/** Queues the rebuild of a client's feature rollup; false when one already waits to start. */
export async function requestFeatureRollup(deps: { jobs: JobQueue }, clientId: string): Promise<boolean> {
  const id = await deps.jobs.send(FEATURE_ROLLUP_JOB, { clientId } satisfies FeatureRollupJob, {
    singletonKey: `${FEATURE_ROLLUP_JOB}:${clientId}`,
    group: clientId,
    retryLimit: 3,
    // 10 million daily rows take about half a minute.
    expireInSeconds: 3600,
  });
  return id !== null;
}

registerJobHandler<FeatureRollupJob>(
  FEATURE_ROLLUP_JOB,
  async (job, ctx) => ({ rebuilt: await refreshFeatureRollup(ctx.db, job.data.clientId) }),
  { concurrency: 1, perGroup: 1 },
);
