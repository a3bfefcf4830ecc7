/**
 * The 'import-ad-performance-file' job (runs run-import.ts) and its dead-letter end: an import whose job
 * died is marked failed, so every import ends in a final state.
 */
import { eq } from 'drizzle-orm';
import { adPerformanceImports } from '../../../db/schema.js';
import { JOBS } from '../../../jobs/queue.js';
import { registerJobHandler } from '../../../jobs/registry.js';
import { requestFeatureExtraction } from '../creative-features/extract/extract.jobs.js';
import { IMPORT_AD_PERFORMANCE_FAILED, type ImportJobData } from './import.service.js';
import { failStoppedImport, runAdPerformanceImport } from './run-import.js';

registerJobHandler<ImportJobData>(
  JOBS.importAdPerformanceFile,
  async (job, ctx) => {
    const outcome = await runAdPerformanceImport(ctx, job.data.importId);
    // The imported ads' creatives get their features (a lost request is found by the features' sweep).
    if (outcome.status === 'completed') {
      const [done] = await ctx.db
        .select({ clientId: adPerformanceImports.clientId })
        .from(adPerformanceImports)
        .where(eq(adPerformanceImports.id, job.data.importId));
      if (done) await requestFeatureExtraction(ctx, done.clientId);
    }
    return outcome;
  },
  // One client's imports one after another (the job's group is the client), IMPORT_SLOTS at once here.
  (config) => ({ concurrency: config.importSlots, batchSize: 1, perGroup: 1 }),
);

registerJobHandler<ImportJobData>(IMPORT_AD_PERFORMANCE_FAILED, async (job, ctx) => {
  await failStoppedImport(ctx, job.data.importId);
});
