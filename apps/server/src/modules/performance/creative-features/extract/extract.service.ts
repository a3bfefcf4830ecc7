/**
 * Creative features, stored once per image (issue 19): for each of a client's ads the image it shows
 * (image-source.ts) gets one `creative_features` row, keyed by client and image, holding its template
 * features (when Adloom made it) and its image features (from its pixels, image-stats.ts); the ad points
 * at it. The client's generated feed creatives get their rows too (the gallery and the DPA pages read them).
 *
 * Rows of another feature-list version are computed again; their stored pixel measures are reused (no
 * download), so a longer list costs no I/O. Every write is an upsert on (client, image), so a run that
 * is repeated (at-least-once jobs) or overlaps another changes nothing twice. An image that cannot be read
 * keeps a row with its error and its template features only; other rows are never touched.
 */
import { aspectFeatureId, CREATIVE_FEATURES_VERSION, imageFeatureIds } from '@adloom/commerce';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../../deps.js';
import type { Db } from '../../../../db/client.js';
import { creativeFeatures, type StoredImageStats } from '../../../../db/schema.js';
import { rowsOf } from '../../../../db/rows.js';
import { imageStats } from './image-stats.js';
import { adImage, fileRef, loadImage, urlRef, type AdImageRow, type ImageRef } from './image-source.js';
import { templateVersionFeatures } from './template-features.js';

export type ExtractDeps = Pick<AppDeps, 'db' | 'files' | 'config' | 'log'>;

/** Ads read per query; each batch's images are computed one after another (2 cores are shared). */
const AD_BATCH = 200;
const CREATIVE_BATCH = 200;

export interface ExtractionRun {
  /** Rows written (computed or recomputed). */
  computed: number;
  /** Of those, rows whose image could not be read. */
  failed: number;
  /** Ads that now point at a current row. */
  linkedAds: number;
}

/** Remembers what one run computed: a key computed once, template features read once per version and design. */
interface RunCache {
  /** Image key → its row, and whether the row holds a template's features. */
  rows: Map<string, { id: string; templated: boolean }>;
  templates: Map<string, Promise<string[] | null>>;
}

const newCache = (): RunCache => ({ rows: new Map(), templates: new Map() });

function message(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

async function templateFeatures(
  deps: ExtractDeps,
  clientId: string,
  ref: ImageRef,
  cache: RunCache,
): Promise<string[] | null> {
  if (!ref.templateVersionId) return null;
  const key = `${ref.templateVersionId} ${JSON.stringify(ref.slotFeatures)}`;
  let features = cache.templates.get(key);
  if (!features) {
    features = templateVersionFeatures(deps.db, clientId, ref.templateVersionId, ref.slotFeatures).catch(
      (error: unknown) => {
        deps.log.warn(
          { err: error, templateVersionId: ref.templateVersionId },
          'a template could not be read for its creative features',
        );
        return null;
      },
    );
    cache.templates.set(key, features);
  }
  return features;
}

/**
 * Computes the features row of one image of a client (or leaves a current one alone) and returns its id.
 * `force` computes a current row again (its stored measures are reused). One image may be shown by an ad
 * that knows its template and by one that does not (a video's poster, an upload): a row without template
 * features is computed again, with them, when an ad that knows the template comes.
 */
export async function extractCreative(
  deps: ExtractDeps,
  clientId: string,
  ref: ImageRef,
  options: { force?: boolean; cache?: RunCache } = {},
): Promise<{ id: string; computed: boolean; error: string | null }> {
  const cache = options.cache ?? newCache();
  const addsTemplate = (templated: boolean) => ref.templateVersionId !== null && !templated;
  const known = cache.rows.get(ref.imageKey);
  if (known && !options.force && !addsTemplate(known.templated))
    return { id: known.id, computed: false, error: null };
  const [existing] = await deps.db
    .select()
    .from(creativeFeatures)
    .where(and(eq(creativeFeatures.clientId, clientId), eq(creativeFeatures.imageKey, ref.imageKey)));
  if (
    existing &&
    existing.keysVersion === CREATIVE_FEATURES_VERSION &&
    !options.force &&
    !addsTemplate(existing.templateVersionId !== null)
  ) {
    cache.rows.set(ref.imageKey, { id: existing.id, templated: existing.templateVersionId !== null });
    return { id: existing.id, computed: false, error: existing.error };
  }
  const template = await templateFeatures(deps, clientId, ref, cache);
  let stats: StoredImageStats | null = existing && !existing.error ? existing.stats : null;
  let error: string | null = null;
  if (!stats) {
    try {
      stats = await imageStats(await loadImage(deps, ref.location));
    } catch (caught) {
      error = message(caught);
    }
  }
  const ids = new Set(template ?? []);
  // An outside image's size is its layout (a thumbnail's is not: it is cropped).
  if (!template && stats && !ref.thumbnail) {
    const aspect = aspectFeatureId(stats.width, stats.height);
    if (aspect) ids.add(aspect);
  }
  if (stats) for (const id of imageFeatureIds(stats)) ids.add(id);
  const values = {
    templateVersionId: template ? ref.templateVersionId : null,
    source: template ? ('adloom' as const) : ('image' as const),
    features: [...ids],
    stats,
    keysVersion: CREATIVE_FEATURES_VERSION,
    error,
    computedAt: new Date(),
  };
  const [row] = await deps.db
    .insert(creativeFeatures)
    .values({ clientId, imageKey: ref.imageKey, ...values })
    .onConflictDoUpdate({ target: [creativeFeatures.clientId, creativeFeatures.imageKey], set: values })
    .returning({ id: creativeFeatures.id });
  // Marked as holding a template even when its template could not be read, so it is tried once a run.
  cache.rows.set(ref.imageKey, {
    id: row!.id,
    templated: template !== null || ref.templateVersionId !== null,
  });
  return { id: row!.id, computed: true, error };
}

/**
 * SQL: a URL of the ad `a` that image-source.ts reads: an http(s) address or one of our /files/ paths, but
 * never a file of another client (a stored key names its client: clients/<id>/…).
 */
const readable = (url: SQL) => sql`(${url} ~* '^(https?://|/files/(library|clients)/)'
  and (${url} !~ 'clients/[0-9a-f-]{36}/' or strpos(${url}, 'clients/' || a.client_id::text || '/') > 0))`;

/** SQL: the ad `a` (with its feed creative `fc`) shows an image we can read (as image-source.ts decides). */
const HAS_IMAGE = sql`(fc.output_key is not null
  or (coalesce(a.creative_kind, '') <> 'video' and ${readable(sql`a.creative_url`)})
  or ${readable(sql`a.thumbnail_url`)})`;

/**
 * SQL: the ad `a` needs its row (computed or found): it has none, or one of another feature list, or its feed
 * creative was generated again since (another image).
 */
const NEEDS_ROW = sql`(cf.id is null or cf.keys_version <> ${CREATIVE_FEATURES_VERSION}
  or (fc.output_key is not null and cf.image_key <> 'file:' || fc.output_key))`;

/** SQL: the ad's feed creative, only through a feed of the ad's own client. */
const FEED_CREATIVE_JOIN = sql`left join feeds f on f.id = a.feed_id and f.client_id = a.client_id
  left join feed_creatives fc on fc.feed_id = f.id and fc.item_id = a.catalog_item_id and fc.output_key is not null
  left join feed_designs fd on fd.id = fc.design_id`;

interface PendingAd extends AdImageRow {
  id: string;
}

async function pendingAds(db: Db, clientId: string, after: string | null): Promise<PendingAd[]> {
  return rowsOf<PendingAd>(
    await db.execute(sql`
      select a.id, a.creative_kind as "creativeKind", a.creative_url as "creativeUrl",
        a.thumbnail_url as "thumbnailUrl", a.template_version_id as "templateVersionId",
        fc.output_key as "feedOutputKey", fd.template_version_id as "designTemplateVersionId",
        fd.slot_features as "designSlotFeatures"
      from ads a
      ${FEED_CREATIVE_JOIN}
      left join creative_features cf on cf.id = a.creative_features_id
      where a.client_id = ${clientId} and ${NEEDS_ROW} and ${HAS_IMAGE}
        ${after ? sql`and a.id > ${after}` : sql``}
      order by a.id
      limit ${AD_BATCH}`),
  );
}

async function linkAds(db: Db, clientId: string, rowId: string, adIds: readonly string[]): Promise<void> {
  await db.execute(sql`
    update ads set creative_features_id = ${rowId}
    where client_id = ${clientId} and id = any(${sql`array[${sql.join(
      adIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]`})
      and creative_features_id is distinct from ${rowId}`);
}

/** The client's generated creatives without a current row, by output key. */
async function pendingCreatives(db: Db, clientId: string, after: string | null) {
  return rowsOf<{
    outputKey: string;
    templateVersionId: string | null;
    slotFeatures: Record<string, Record<string, string>> | null;
  }>(
    await db.execute(sql`
      select distinct on (fc.output_key) fc.output_key as "outputKey",
        fd.template_version_id as "templateVersionId", fd.slot_features as "slotFeatures"
      from feed_creatives fc
      join feeds f on f.id = fc.feed_id and f.client_id = ${clientId}
      left join feed_designs fd on fd.id = fc.design_id
      left join creative_features cf on cf.client_id = ${clientId} and cf.image_key = 'file:' || fc.output_key
      where fc.output_key is not null
        and (cf.id is null or cf.keys_version <> ${CREATIVE_FEATURES_VERSION})
        ${after ? sql`and fc.output_key > ${after}` : sql``}
      order by fc.output_key
      limit ${CREATIVE_BATCH}`),
  );
}

/** The client's rows of another version that no ad or creative brought up to date (kept for later use). */
async function outdatedRows(db: Db, clientId: string) {
  return db
    .select({
      imageKey: creativeFeatures.imageKey,
      templateVersionId: creativeFeatures.templateVersionId,
    })
    .from(creativeFeatures)
    .where(
      and(
        eq(creativeFeatures.clientId, clientId),
        sql`${creativeFeatures.keysVersion} <> ${CREATIVE_FEATURES_VERSION}`,
      ),
    )
    .limit(CREATIVE_BATCH);
}

function refOfKey(imageKey: string, templateVersionId: string | null): ImageRef | null {
  if (imageKey.startsWith('file:')) return fileRef(imageKey.slice(5), templateVersionId);
  if (imageKey.startsWith('url:')) return urlRef(imageKey.slice(4));
  return null;
}

/**
 * Computes the missing and outdated features of a client's ads and generated creatives and points the
 * ads at their rows. Stops between images when `signal` aborts (what is done stays done).
 */
export async function extractClientFeatures(
  deps: ExtractDeps,
  clientId: string,
  options: { signal?: AbortSignal } = {},
): Promise<ExtractionRun> {
  const run: ExtractionRun = { computed: 0, failed: 0, linkedAds: 0 };
  const cache = newCache();
  const count = (result: { computed: boolean; error: string | null }) => {
    if (!result.computed) return;
    run.computed += 1;
    if (result.error) run.failed += 1;
  };
  let after: string | null = null;
  for (;;) {
    options.signal?.throwIfAborted();
    const ads = await pendingAds(deps.db, clientId, after);
    if (ads.length === 0) break;
    after = ads[ads.length - 1]!.id;
    const byImage = new Map<string, { ref: ImageRef; adIds: string[] }>();
    for (const ad of ads) {
      const ref = adImage(deps.config, clientId, ad);
      if (!ref) continue;
      const group = byImage.get(ref.imageKey) ?? { ref, adIds: [] };
      // The ad that knows the image's template describes it.
      if (!group.ref.templateVersionId && ref.templateVersionId) group.ref = ref;
      group.adIds.push(ad.id);
      byImage.set(ref.imageKey, group);
    }
    for (const { ref, adIds } of byImage.values()) {
      options.signal?.throwIfAborted();
      // A row of another version is computed again once per run, whichever ad comes first.
      const result = await extractCreative(deps, clientId, ref, { cache });
      count(result);
      await linkAds(deps.db, clientId, result.id, adIds);
      run.linkedAds += adIds.length;
    }
  }
  let afterKey: string | null = null;
  for (;;) {
    options.signal?.throwIfAborted();
    const creatives = await pendingCreatives(deps.db, clientId, afterKey);
    if (creatives.length === 0) break;
    afterKey = creatives[creatives.length - 1]!.outputKey;
    for (const creative of creatives) {
      if (!creative.outputKey.startsWith(`clients/${clientId}/`)) continue;
      options.signal?.throwIfAborted();
      const ref = fileRef(creative.outputKey, creative.templateVersionId, creative.slotFeatures ?? {});
      count(await extractCreative(deps, clientId, ref, { cache }));
    }
  }
  // Rows no ad or creative shows any more: brought up to date from what they hold.
  for (;;) {
    options.signal?.throwIfAborted();
    const rows = await outdatedRows(deps.db, clientId);
    if (rows.length === 0) break;
    for (const row of rows) {
      const ref = refOfKey(row.imageKey, row.templateVersionId);
      const result = ref ? await extractCreative(deps, clientId, ref, { cache, force: true }) : null;
      if (result) count(result);
      else
        await deps.db
          .delete(creativeFeatures)
          .where(and(eq(creativeFeatures.clientId, clientId), eq(creativeFeatures.imageKey, row.imageKey)));
    }
  }
  return run;
}

/** How far a client's features are: ads with current features, ads with an image still waiting, rows that failed. */
export async function extractionProgress(
  db: Db,
  clientId: string,
): Promise<{ done: number; pending: number; failed: number }> {
  const [ads] = rowsOf<{ done: number; pending: number }>(
    await db.execute(sql`
      select
        count(*) filter (where not ${NEEDS_ROW})::int as done,
        count(*) filter (where ${NEEDS_ROW} and ${HAS_IMAGE})::int as pending
      from ads a
      ${FEED_CREATIVE_JOIN}
      left join creative_features cf on cf.id = a.creative_features_id
      where a.client_id = ${clientId}`),
  );
  const [rows] = rowsOf<{ failed: number }>(
    await db.execute(sql`
      select count(*)::int as failed from creative_features
      where client_id = ${clientId} and error is not null`),
  );
  return { done: ads?.done ?? 0, pending: ads?.pending ?? 0, failed: rows?.failed ?? 0 };
}

/** Clients with work to do: ads with an image and no current row, generated creatives without one, outdated rows. */
export async function clientsWithPendingFeatures(db: Db): Promise<string[]> {
  const rows = rowsOf<{ clientId: string }>(
    await db.execute(sql`
      select distinct a.client_id as "clientId"
      from ads a
      ${FEED_CREATIVE_JOIN}
      left join creative_features cf on cf.id = a.creative_features_id
      where ${NEEDS_ROW} and ${HAS_IMAGE}
      union
      select client_id from creative_features where keys_version <> ${CREATIVE_FEATURES_VERSION}
      union
      select f.client_id from feed_creatives fc
      join feeds f on f.id = fc.feed_id
      where fc.output_key is not null
        and not exists (select 1 from creative_features cf
          where cf.client_id = f.client_id and cf.image_key = 'file:' || fc.output_key)`),
  );
  return rows.map((r) => r.clientId);
}
