/**
 * The starter library is seeded by a job, not on the start-up path: rendering its thumbnails can fail
 * on a busy machine ('Failed to load fonts' after the renderer's 9000 ms), and must never stop the
 * server from starting. The job retries with growing delays; the seed is idempotent (seed.ts).
 */
import type { JobQueue } from '../../../jobs/queue.js';
import { registerJobHandler } from '../../../jobs/registry.js';
import { seedTemplateLibrary } from './seed.js';

export const SEED_TEMPLATE_LIBRARY = 'seed-template-library';

/** Queues the seed (once: a seed already waiting stands for this one). */
export function queueTemplateLibrarySeed(jobs: JobQueue): Promise<string | null> {
  return jobs.send(
    SEED_TEMPLATE_LIBRARY,
    {},
    {
      singletonKey: SEED_TEMPLATE_LIBRARY,
      retryLimit: 8,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 600,
    },
  );
}

registerJobHandler(SEED_TEMPLATE_LIBRARY, async (_job, ctx) => ({ written: await seedTemplateLibrary(ctx) }));
