/**
 * The 'generate-creative' job: one item of one feed. The row goes pending → in_progress when the ad
 * has to be rendered (an unchanged item, whose ad is stored already, goes straight to its final state:
 * one write instead of two), or at once on a retry; generateCreative writes the final state
 * (conditionally: a repeated run changes nothing). A transient error is thrown so the queue retries with
 * backoff; on the last attempt it is written as failed, so every item ends in one final state.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { feedCreatives, feeds } from '../../db/schema.js';
import { publish } from '../../events/index.js';
import { JOBS } from '../../jobs/queue.js';
import { registerJobHandler, type JobContext } from '../../jobs/registry.js';
import { generateCreative } from './generation/generate.js';

/** Jobs whose last attempt died (a killed worker) or failed end here, so the item is marked failed. */
export const GENERATE_CREATIVE_FAILED = 'generate-creative-failed';

export interface GenerateCreativeJob {
  feedId: string;
  itemId: string;
}

/**
 * Publishes feedCreativesGenerated when the item that just ended was the feed's last one waiting or being
 * generated (the run is over). Two last items ending at once may both publish: subscribers are idempotent.
 */
async function publishIfRunEnded(ctx: JobContext, feedId: string): Promise<void> {
  const [feed] = await ctx.db
    .select({
      clientId: feeds.clientId,
      working: sql<boolean>`exists (select 1 from ${feedCreatives} where ${feedCreatives.feedId} = ${feeds.id}
        and ${feedCreatives.status} in ('pending', 'in_progress'))`,
    })
    .from(feeds)
    .where(eq(feeds.id, feedId));
  if (feed && !feed.working)
    await publish(ctx, 'feedCreativesGenerated', { feedId, clientId: feed.clientId });
}

registerJobHandler<GenerateCreativeJob>(
  JOBS.generateCreative,
  async (job, ctx) => {
    const { feedId, itemId } = job.data;
    const row = and(eq(feedCreatives.feedId, feedId), eq(feedCreatives.itemId, itemId));
    const working = inArray(feedCreatives.status, ['pending', 'in_progress']);
    const markInProgress = async () => {
      await ctx.db
        .update(feedCreatives)
        .set({ status: 'in_progress', attempts: job.retryCount + 1, updatedAt: new Date() })
        .where(and(row, working));
    };
    // A retry shows as in progress (with its attempt number) while it runs.
    if (job.retryCount > 0) await markInProgress();
    try {
      const outcome = await generateCreative(
        ctx,
        { feedId, itemId },
        {
          signal: job.signal,
          images: { allowHosts: ctx.config.fetchAllowHosts },
          beforeRender: markInProgress,
          attempt: job.retryCount + 1,
        },
      );
      await publishIfRunEnded(ctx, feedId);
      return { status: outcome.status, rendered: outcome.rendered };
    } catch (error) {
      if (job.retryCount >= job.retryLimit) {
        const message = error instanceof Error ? error.message : String(error);
        await ctx.db
          .update(feedCreatives)
          .set({
            status: 'failed',
            error: message.slice(0, 1000),
            attempts: job.retryCount + 1,
            updatedAt: new Date(),
          })
          .where(and(row, working));
        await publishIfRunEnded(ctx, feedId);
        return { status: 'failed', error: message };
      }
      throw error;
    }
  },
  // An unchanged item takes a few milliseconds: fetching and completing jobs eight at a time saves most
  // of the queue's own queries (prefetched jobs wait in the worker at most a few renders long).
  { concurrency: 2, batchSize: 8 },
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
