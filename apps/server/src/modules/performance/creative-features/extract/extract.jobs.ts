/**
 * The 'creative-features.extract' job (one client's missing and outdated creative features, at most one
 * waiting per client: its singleton key), and the sweep that queues it for every client with work left:
 * ads whose request was lost (a process died between an import's commit and the send), generated
 * creatives without a row, and rows of an older feature list after an upgrade. The sweep's first run
 * comes one period after a process starts its workers.
 */
import type { JobQueue } from '../../../../jobs/queue.js';
import { registerJobHandler, registerPeriodicJob } from '../../../../jobs/registry.js';
import { requestFeatureRollup } from '../rollup.jobs.js';
import { clientsWithPendingFeatures, extractClientFeatures } from './extract.service.js';

export const EXTRACT_FEATURES_JOB = 'creative-features.extract';
export const SWEEP_FEATURES_JOB = 'creative-features.sweep';
const SWEEP_EVERY_SECONDS = 600;

export interface ExtractFeaturesJob {
  clientId: string;
}

/** Queues the extraction of a client's creative features; false when one already waits to start. */
export async function requestFeatureExtraction(deps: { jobs: JobQueue }, clientId: string): Promise<boolean> {
  const id = await deps.jobs.send(EXTRACT_FEATURES_JOB, { clientId } satisfies ExtractFeaturesJob, {
    singletonKey: `${EXTRACT_FEATURES_JOB}:${clientId}`,
    group: clientId,
    retryLimit: 3,
    // A first run over tens of thousands of outside images takes a while; what is done stays done.
    expireInSeconds: 4 * 3600,
  });
  return id !== null;
}

registerJobHandler<ExtractFeaturesJob>(
  EXTRACT_FEATURES_JOB,
  async (job, ctx) => {
    const run = await extractClientFeatures(ctx, job.data.clientId, { signal: job.signal });
    if (run.computed > 0) ctx.log.info({ clientId: job.data.clientId, ...run }, 'creative features computed');
    // The ads' features changed: one feature's page reads its days from a rollup of them.
    if (run.computed > 0 || run.linkedAds > 0) await requestFeatureRollup(ctx, job.data.clientId);
    return { ...run };
  },
  // One client's run at a time; other clients' runs go on meanwhile.
  { concurrency: 1, perGroup: 1 },
);

registerPeriodicJob(SWEEP_FEATURES_JOB, SWEEP_EVERY_SECONDS, async (ctx) => {
  const clientIds = await clientsWithPendingFeatures(ctx.db);
  for (const clientId of clientIds) await requestFeatureExtraction(ctx, clientId);
  return { queued: clientIds.length };
});
