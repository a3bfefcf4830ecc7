/**
 * The check of a catalogue's main images after an import: each distinct image not measured lately is
 * probed (its first bytes only, image-probe.ts), its size or failure kept in catalog_image_sizes, then the
 * current items' image issues (too small for Meta or Google, not downloadable) are written beside the
 * issues the import found. Sizes are kept across imports: an unchanged URL is measured again only after
 * a week (a failure after a day).
 */
import { and, eq, sql } from 'drizzle-orm';
import { IMAGE_ISSUE_CODES, imageSizeIssues, type ItemIssueCode } from '@adloom/commerce';
import type { AppDeps } from '../../../deps.js';
import type { Db } from '../../../db/client.js';
import { rowsOf, textArray } from '../../../db/rows.js';
import { catalogImageSizes, catalogImports, catalogItems, catalogs } from '../../../db/schema.js';
import { registerJobHandler } from '../../../jobs/registry.js';
import { probeImageSizes, type ProbeResult } from './image-probe.js';

/** The job that checks a catalogue's images once its import completed. */
export const CHECK_CATALOG_IMAGES = 'check-catalog-images';

export interface CheckImagesJobData {
  catalogId: string;
  importId: string;
}

/** At most this many images are probed per check: a larger catalogue is measured over its next imports. */
export const MAX_IMAGES_PER_CHECK = 20_000;
const MEASURED_FRESH_DAYS = 7;
const FAILED_FRESH_HOURS = 24;
/** Results are written in batches of this many. */
const WRITE_BATCH = 200;
/** Image issues are written for this many (image, category) pairs at a time. */
const APPLY_PAGE = 1000;

/** Sends the image check of a completed import (one waiting per catalogue). */
export async function queueImageCheck(
  deps: Pick<AppDeps, 'jobs'>,
  clientId: string,
  data: CheckImagesJobData,
): Promise<void> {
  await deps.jobs.send<CheckImagesJobData>(CHECK_CATALOG_IMAGES, data, {
    singletonKey: `images:${data.importId}`,
    retryLimit: 2,
    expireInSeconds: 3600,
    group: clientId,
  });
}

/**
 * Measures the images of the catalogue's current import that are not measured lately, then writes the
 * items' image issues. Does nothing when `importId` is no longer current (a newer import has its own check).
 */
export async function checkCatalogImages(
  deps: Pick<AppDeps, 'db' | 'config'>,
  data: CheckImagesJobData,
  signal?: AbortSignal,
): Promise<{ probed: number; items: number }> {
  const { db } = deps;
  const [catalog] = await db
    .select({ currentImportId: catalogs.currentImportId })
    .from(catalogs)
    .where(eq(catalogs.id, data.catalogId));
  if (catalog?.currentImportId !== data.importId) return { probed: 0, items: 0 };
  const stale = rowsOf<{ url: string }>(
    await db.execute(sql`
      select distinct i.image_link as url from ${catalogItems} i
      left join ${catalogImageSizes} s on s.catalog_id = ${data.catalogId} and s.url = i.image_link
      where i.import_id = ${data.importId} and i.image_link <> ''
        and (s.url is null
          or (s.failure is null and s.checked_at < now() - make_interval(days => ${MEASURED_FRESH_DAYS}))
          or (s.failure is not null and s.checked_at < now() - make_interval(hours => ${FAILED_FRESH_HOURS})))
      limit ${MAX_IMAGES_PER_CHECK}`),
  ).map((row) => row.url);

  let pending: { url: string; result: ProbeResult }[] = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
    if (batch.length > 0) await storeSizes(db, data.catalogId, batch);
  };
  await probeImageSizes(stale, {
    guard: { allowHosts: deps.config.fetchAllowHosts },
    signal,
    onResult: async (url, result) => {
      pending.push({ url, result });
      if (pending.length >= WRITE_BATCH) await flush();
    },
  });
  await flush();
  signal?.throwIfAborted();
  return { probed: stale.length, items: await endCheck(db, data) };
}

async function storeSizes(db: Db, catalogId: string, batch: { url: string; result: ProbeResult }[]) {
  const rows = batch.map(({ url, result }) => ({
    url,
    width: result.ok ? result.size.width : null,
    height: result.ok ? result.size.height : null,
    failure: result.ok ? null : result.reason,
  }));
  await db.execute(sql`
    insert into ${catalogImageSizes} (catalog_id, url, width, height, failure, checked_at)
    select ${catalogId}, r.url, r.width, r.height, r.failure, now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(url text, width int, height int, failure text)
    on conflict (catalog_id, url) do update set width = excluded.width, height = excluded.height,
      failure = excluded.failure, checked_at = excluded.checked_at`);
}

/**
 * Replaces the image issue codes of the import's items from the sizes known: for each distinct image and
 * category (the apparel minimum depends on it), the codes of @adloom/commerce's imageSizeIssues, or
 * image_unreachable. Returns how many items it looked at.
 */
export async function applyImageIssues(db: Db, catalogId: string, importId: string): Promise<number> {
  const imageCodes = textArray(IMAGE_ISSUE_CODES);
  let items = 0;
  // Pages of distinct (image, category) pairs in key order: memory stays bounded whatever the catalogue.
  let after: { url: string; category: string } | undefined;
  for (;;) {
    const page = rowsOf<{
      url: string;
      category: string;
      width: number | null;
      height: number | null;
      failure: string | null;
      items: number;
    }>(
      await db.execute(sql`
        select i.image_link as url, i.google_product_category as category,
          min(s.width) as width, min(s.height) as height, min(s.failure) as failure, count(*)::int as items
        from ${catalogItems} i
        join ${catalogImageSizes} s on s.catalog_id = ${catalogId} and s.url = i.image_link
        where i.import_id = ${importId}
          ${after ? sql`and (i.image_link, i.google_product_category) > (${after.url}, ${after.category})` : sql``}
        group by i.image_link, i.google_product_category
        order by i.image_link, i.google_product_category
        limit ${APPLY_PAGE}`),
    );
    if (page.length === 0) return items;
    const updates = page.map((row) => {
      items += Number(row.items);
      const codes: ItemIssueCode[] =
        row.width !== null && row.height !== null
          ? imageSizeIssues({ width: row.width, height: row.height }, row.category)
          : row.failure !== null
            ? ['image_unreachable']
            : [];
      return { url: row.url, category: row.category, codes };
    });
    await db.execute(sql`
      update ${catalogItems} i set issues = coalesce(
          (select jsonb_agg(c) from jsonb_array_elements_text(coalesce(i.issues, '[]'::jsonb)) c
           where c <> all(${imageCodes})), '[]'::jsonb) || v.codes
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(url text, category text, codes jsonb)
      where i.import_id = ${importId} and i.image_link = v.url and i.google_product_category = v.category`);
    const last = page[page.length - 1]!;
    after = { url: last.url, category: last.category };
    if (page.length < APPLY_PAGE) return items;
  }
}

/**
 * Ends the import's check as it stands: the items' image issues written from the sizes known, and the
 * page stops waiting. Returns how many items it looked at.
 */
async function endCheck(db: Db, data: CheckImagesJobData): Promise<number> {
  const items = await applyImageIssues(db, data.catalogId, data.importId);
  await db
    .update(catalogImports)
    .set({ imagesCheckedAt: new Date() })
    .where(and(eq(catalogImports.id, data.importId), eq(catalogImports.catalogId, data.catalogId)));
  return items;
}

/**
 * Measures the current import's images again, every one (the sizes kept are taken as stale): the page
 * waits for the new check. The caller has checked that the catalogue is the client's own.
 */
export async function restartImageCheck(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  catalog: { id: string; clientId: string; currentImportId: string },
): Promise<void> {
  await deps.db
    .update(catalogImports)
    .set({ imagesCheckedAt: null })
    .where(eq(catalogImports.id, catalog.currentImportId));
  await deps.db
    .update(catalogImageSizes)
    .set({ checkedAt: new Date(0) })
    .where(eq(catalogImageSizes.catalogId, catalog.id));
  await queueImageCheck(deps, catalog.clientId, { catalogId: catalog.id, importId: catalog.currentImportId });
}

registerJobHandler<CheckImagesJobData>(
  CHECK_CATALOG_IMAGES,
  async (job, ctx) => {
    try {
      return await checkCatalogImages(ctx, job.data, job.signal);
    } catch (error) {
      // The last attempt failed: the check ends with what it measured ("Measure again" starts another).
      if (job.retryCount >= job.retryLimit && !job.signal.aborted) await endCheck(ctx.db, job.data);
      throw error;
    }
  },
  // Two checks per process at a time, one per client; each holds up to 8 requests open (image-probe.ts).
  { concurrency: 2, batchSize: 1, perGroup: 1 },
);
