/**
 * The image recheck (issue 20, part 3): a refresh compares image URLs, not bytes, so a picture changed
 * behind the same URL is found here, on a slower schedule. Every few minutes a planner claims the
 * generated ads whose images were last asked for IMAGE_RECHECK_HOURS ago or more (oldest first), and
 * sends their distinct URLs, one host per job, to 'recheck-images'. A job asks each URL once with the
 * validators its ad was made with (recheck-image.ts), politely (polite-pool.ts; and one job per host at
 * a time across every process: the job's group is the host). An image now different marks every ad
 * showing it pending and queues them; 304 or the same bytes only moves their check date on. A URL that
 * could not be asked (no answer, throttled for long) is left for the next period.
 */
import { sql } from 'drizzle-orm';
import type { HostLookup } from '@adloom/net';
import { rowsOf } from '../../../db/rows.js';
import { feedCreatives, feeds } from '../../../db/schema.js';
import { registerJobHandler, registerPeriodicJob, type JobContext } from '../../../jobs/registry.js';
import { queueGeneration } from '../feeds.service.js';
import { runPolitely, type PoolClock, type Throttled } from './polite-pool.js';
import { recheckImage, type RecheckAnswer, type RecheckTarget } from './recheck-image.js';

export const PLAN_IMAGE_RECHECKS = 'plan-image-rechecks';
export const RECHECK_IMAGES = 'recheck-images';
const PLAN_EVERY_SECONDS = 300;
/** Ads claimed per planning run (every 5 minutes: up to 5.8 million a day). */
const CLAIM_LIMIT = 20_000;
/** URLs per recheck job: a job ends within minutes even at one request per gap. */
const URLS_PER_JOB = 200;

export interface RecheckJob {
  host: string;
  images: RecheckTarget[];
}

/** The host a URL's requests share their limits with (its name, whatever the port). */
export function recheckHost(url: string): string | undefined {
  const trimmed = url.trim();
  return URL.canParse(trimmed) ? new URL(trimmed).hostname : undefined;
}

/**
 * Claims the generated ads whose images were last checked `olderThanSeconds` ago or more (at most
 * `limit`, oldest first; their check date moves to now, so a second planner skips them) and sends their
 * distinct images to recheck jobs, one host per job. Returns what it claimed and sent.
 */
export async function planImageRechecks(
  ctx: Pick<JobContext, 'db' | 'jobs'>,
  options: { olderThanSeconds: number; limit?: number },
): Promise<{ ads: number; images: number; jobs: number }> {
  const limit = options.limit ?? CLAIM_LIMIT;
  const rows = rowsOf<RecheckTarget & { ads: number }>(
    await ctx.db.execute(sql`
      with due as (
        select feed_id, item_id from ${feedCreatives}
        where status = 'generated'
          and images_checked_at <= now() - make_interval(secs => ${options.olderThanSeconds})
        order by images_checked_at
        limit ${limit}
        for update skip locked
      ), claimed as (
        update ${feedCreatives} c set images_checked_at = now()
        from due where c.feed_id = due.feed_id and c.item_id = due.item_id
        returning c.input_images
      ), images as (
        select image from claimed cross join lateral jsonb_array_elements(coalesce(claimed.input_images, '[]'))
          as image
      )
      select distinct on (image->>'url') image->>'url' as url, image->>'hash' as hash,
        image->>'etag' as etag, image->>'lastModified' as "lastModified",
        (select count(*)::int from claimed) as ads
      from images order by image->>'url'`),
  );
  const byHost = new Map<string, RecheckTarget[]>();
  for (const { url, hash, etag, lastModified } of rows) {
    const host = recheckHost(url);
    if (!host) continue;
    const target: RecheckTarget = {
      url,
      hash,
      ...(etag ? { etag } : {}),
      ...(lastModified ? { lastModified } : {}),
    };
    byHost.set(host, [...(byHost.get(host) ?? []), target]);
  }
  const jobs: {
    data: RecheckJob;
    options: { group: string; retryLimit: number; expireInSeconds: number };
  }[] = [];
  for (const [host, images] of byHost)
    for (let start = 0; start < images.length; start += URLS_PER_JOB)
      jobs.push({
        data: { host, images: images.slice(start, start + URLS_PER_JOB) },
        // A batch that fails is not retried: its images are asked again next period.
        options: { group: host, retryLimit: 0, expireInSeconds: 30 * 60 },
      });
  const sent = jobs.length ? await ctx.jobs.sendMany(RECHECK_IMAGES, jobs) : 0;
  return { ads: rows[0]?.ads ?? 0, images: rows.length, jobs: sent };
}

export interface RecheckOutcome {
  unchanged: number;
  changed: number;
  /** Not known this time (no answer, an error status, throttled too long): asked again next period. */
  unknown: number;
  /** Ads marked pending and queued because an image of theirs changed. */
  queued: number;
}

/**
 * Asks each image once (the pool's limits from the settings) and brings the ads showing them up to date:
 * an ad made from bytes other than the image's current ones is made pending and queued; the others have
 * their check date moved on.
 */
export async function recheckImages(
  ctx: Pick<JobContext, 'db' | 'jobs' | 'config'>,
  images: readonly RecheckTarget[],
  options: { clock?: PoolClock; lookup?: HostLookup; signal?: AbortSignal } = {},
): Promise<RecheckOutcome> {
  const settings = ctx.config.imageRecheck;
  const current: { url: string; hash: string }[] = [];
  let unknown = 0;
  await runPolitely<RecheckTarget, RecheckAnswer>(images, {
    hostOf: (image) => recheckHost(image.url) ?? image.url,
    run: (image) =>
      recheckImage(image, {
        allowHosts: ctx.config.fetchAllowHosts,
        ...(options.lookup ? { lookup: options.lookup } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      }),
    onResult: (image, answer: RecheckAnswer | { gaveUp: Throttled }) => {
      if ('gaveUp' in answer || answer.kind === 'failed') unknown += 1;
      else current.push({ url: image.url, hash: answer.kind === 'changed' ? answer.hash : image.hash });
    },
    concurrency: settings.concurrency,
    perHost: settings.perHost,
    gapMs: settings.gapMs,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const changed = current.filter(({ url, hash }) =>
    images.some((image) => image.url === url && image.hash !== hash),
  );
  const queued = current.length ? await applyCurrentImages(ctx, current) : 0;
  return { unchanged: current.length - changed.length, changed: changed.length, unknown, queued };
}

/**
 * Given each image's current bytes (hash), finds the generated ads showing it (the input_images index):
 * those made from other bytes of any of them go pending and are queued, the rest have their check date
 * moved on. Returns how many were queued.
 */
async function applyCurrentImages(
  ctx: Pick<JobContext, 'db' | 'jobs'>,
  current: readonly { url: string; hash: string }[],
): Promise<number> {
  const rows = rowsOf<{ feedId: string; itemId: string; clientId: string }>(
    await ctx.db.execute(sql`
      with checked(url, hash) as (
        select * from unnest(${sql.param(current.map((image) => image.url))}::text[],
                             ${sql.param(current.map((image) => image.hash))}::text[])
      ), showing as (
        select c.feed_id, c.item_id,
          bool_and(c.input_images @> jsonb_build_array(jsonb_build_object('url', k.url, 'hash', k.hash))) as same
        from checked k
        join ${feedCreatives} c on c.input_images @> jsonb_build_array(jsonb_build_object('url', k.url))
        where c.status = 'generated'
        group by c.feed_id, c.item_id
      ), touched as (
        -- Run whether or not it is read (a data-modifying WITH always runs to completion).
        update ${feedCreatives} c set images_checked_at = now()
        from showing s where c.feed_id = s.feed_id and c.item_id = s.item_id and s.same
      ), changed as (
        update ${feedCreatives} c set status = 'pending', updated_at = now()
        from showing s
        where c.feed_id = s.feed_id and c.item_id = s.item_id and not s.same and c.status = 'generated'
        returning c.feed_id, c.item_id
      )
      select changed.feed_id as "feedId", changed.item_id as "itemId", f.client_id as "clientId"
      from changed join ${feeds} f on f.id = changed.feed_id`),
  );
  const byFeed = new Map<string, { clientId: string; items: string[] }>();
  for (const row of rows) {
    const feed = byFeed.get(row.feedId) ?? { clientId: row.clientId, items: [] };
    feed.items.push(row.itemId);
    byFeed.set(row.feedId, feed);
  }
  let queued = 0;
  for (const [id, feed] of byFeed)
    queued += await queueGeneration(ctx.jobs, { id, clientId: feed.clientId }, feed.items);
  return queued;
}

registerPeriodicJob(PLAN_IMAGE_RECHECKS, PLAN_EVERY_SECONDS, async (ctx) => {
  const hours = ctx.config.imageRecheck.everyHours;
  if (hours <= 0) return { planned: 0 };
  return planImageRechecks(ctx, { olderThanSeconds: hours * 3600 });
});

registerJobHandler<RecheckJob>(
  RECHECK_IMAGES,
  async (job, ctx) => {
    const outcome = await recheckImages(ctx, job.data.images, { signal: job.signal });
    if (outcome.changed)
      ctx.log.info({ host: job.data.host, ...outcome }, 'images changed behind their URLs');
    return { ...outcome };
  },
  // One batch per host at once across every process (its group is the host), a few hosts at once here.
  { concurrency: 2, perGroup: 1 },
);
