/**
 * The 'generate-creative' job: one item of one feed. The row goes pending → in_progress here, and
 * generateCreative writes its final state (conditionally: a repeated run changes nothing). A transient
 * error is thrown so the queue retries with backoff; on the last attempt it is written as failed, so
 * every item ends in one final state.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { feedCreatives } from '../../db/schema.js';
import { JOBS } from '../../jobs/queue.js';
import { registerJobHandler } from '../../jobs/registry.js';
import { generateCreative } from './generation/generate.js';

/** Jobs whose last attempt died (a killed worker) or failed end here, so the item is marked failed. */
export const GENERATE_CREATIVE_FAILED = 'generate-creative-failed';

export interface GenerateCreativeJob {
  feedId: string;
  itemId: string;
}

registerJobHandler<GenerateCreativeJob>(
  JOBS.generateCreative,
  async (job, ctx) => {
    const { feedId, itemId } = job.data;
    const row = and(eq(feedCreatives.feedId, feedId), eq(feedCreatives.itemId, itemId));
    await ctx.db
      .update(feedCreatives)
      .set({ status: 'in_progress', attempts: job.retryCount + 1, updatedAt: new Date() })
      .where(and(row, inArray(feedCreatives.status, ['pending', 'in_progress'])));
    try {
      const outcome = await generateCreative(
        ctx,
        { feedId, itemId },
        { signal: job.signal, images: { allowHosts: ctx.config.fetchAllowHosts } },
      );
      return { status: outcome.status, rendered: outcome.rendered };
    } catch (error) {
      if (job.retryCount >= job.retryLimit) {
        const message = error instanceof Error ? error.message : String(error);
        await ctx.db
          .update(feedCreatives)
          .set({ status: 'failed', error: message.slice(0, 1000), updatedAt: new Date() })
          .where(and(row, eq(feedCreatives.status, 'in_progress')));
        return { status: 'failed', error: message };
      }
      throw error;
    }
  },
  { concurrency: 2 },
);

registerJobHandler<GenerateCreativeJob>(GENERATE_CREATIVE_FAILED, async (job, ctx) => {
  const { feedId, itemId } = job.data;
  await ctx.db
    .update(feedCreatives)
    .set({
      status: 'failed',
      error: 'Generation stopped before it finished (the worker ended or timed out); retry the item.',
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(feedCreatives.feedId, feedId),
        eq(feedCreatives.itemId, itemId),
        inArray(feedCreatives.status, ['pending', 'in_progress']),
      ),
    );
});
