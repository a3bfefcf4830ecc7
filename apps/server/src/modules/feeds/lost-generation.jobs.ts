/**
 * Creatives left pending without a job: the process died between writing them (syncFeedItems, a retry of
 * failed items) and sending their jobs. A periodic sweep queues them again a minute later; items whose job
 * waits, retries or runs are left alone (the job's singleton key is the feed and item).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { feedCreatives, feeds } from '../../db/schema.js';
import { JOBS } from '../../jobs/queue.js';
import { registerPeriodicJob, type JobContext } from '../../jobs/registry.js';
import { generationKey, queueGeneration } from './feeds.service.js';

export const REQUEUE_UNSENT_CREATIVES = 'requeue-unsent-creatives';
/** How long a creative must have been pending before its job is looked for. */
export const UNSENT_AFTER_SECONDS = 60;

export async function requeueUnsentCreatives(ctx: Pick<JobContext, 'db' | 'jobs'>): Promise<number> {
  const pending = await ctx.db
    .select({ feedId: feedCreatives.feedId, itemId: feedCreatives.itemId, clientId: feeds.clientId })
    .from(feedCreatives)
    .innerJoin(feeds, eq(feeds.id, feedCreatives.feedId))
    .where(
      and(
        eq(feedCreatives.status, 'pending'),
        lt(feedCreatives.updatedAt, sql`now() - make_interval(secs => ${UNSENT_AFTER_SECONDS})`),
      ),
    )
    .limit(5000);
  if (pending.length === 0) return 0;
  const lost = new Set(
    await ctx.jobs.keysWithoutLiveJob(
      JOBS.generateCreative,
      pending.map((p) => generationKey(p.feedId, p.itemId)),
    ),
  );
  const byFeed = new Map<string, { clientId: string; items: string[] }>();
  for (const p of pending) {
    if (!lost.has(generationKey(p.feedId, p.itemId))) continue;
    const feed = byFeed.get(p.feedId) ?? { clientId: p.clientId, items: [] };
    feed.items.push(p.itemId);
    byFeed.set(p.feedId, feed);
  }
  let queued = 0;
  for (const [id, feed] of byFeed)
    queued += await queueGeneration(ctx.jobs, { id, clientId: feed.clientId }, feed.items);
  return queued;
}

registerPeriodicJob(REQUEUE_UNSENT_CREATIVES, 30, async (ctx) => {
  const queued = await requeueUnsentCreatives(ctx);
  if (queued) ctx.log.warn({ creatives: queued }, 'queued again creatives whose job was never sent');
  return { queued };
});
