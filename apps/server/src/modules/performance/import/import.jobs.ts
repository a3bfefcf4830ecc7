/**
 * The 'import-ad-performance-file' job (runs run-import.ts) and its dead-letter end: an import whose job
 * died is marked failed, so every import ends in a final state.
 */
import { JOBS } from '../../../jobs/queue.js';
import { registerJobHandler } from '../../../jobs/registry.js';
import { IMPORT_AD_PERFORMANCE_FAILED, type ImportJobData } from './import.service.js';
import { failStoppedImport, runAdPerformanceImport } from './run-import.js';

registerJobHandler<ImportJobData>(
  JOBS.importAdPerformanceFile,
  (job, ctx) => runAdPerformanceImport(ctx, job.data.importId),
  // One client's imports one after another (the job's group is the client), IMPORT_SLOTS at once here.
  (config) => ({ concurrency: config.importSlots, batchSize: 1, perGroup: 1 }),
);

registerJobHandler<ImportJobData>(IMPORT_AD_PERFORMANCE_FAILED, async (job, ctx) => {
  await failStoppedImport(ctx, job.data.importId);
});
