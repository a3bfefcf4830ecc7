/**
 * The big refresh of `npm run bench:generate`: a feed of REFRESH_ITEMS (default 100,000) items whose ads
 * are all made and unchanged, refreshed through the real code path (generateFeed: the refresh keys of
 * every item worked out and compared in SQL), which must send no job. The state is written straight in
 * SQL, not rendered: a catalogue version of generated rows (generate_series), the feed's creative rows
 * made by the refresh itself (syncFeedItems, untimed), then each row marked generated with the refresh
 * key the generation job writes (the same expression, refreshKeySql). Then one item is changed and the
 * refresh must find exactly that one.
 */
import { eq, sql } from 'drizzle-orm';
import {
  catalogImports,
  catalogItems,
  catalogs,
  feedCreatives,
  feeds,
} from '../../apps/server/src/db/schema.js';
import type { AppDeps } from '../../apps/server/src/deps.js';
import { createCatalog } from '../../apps/server/src/modules/catalogs/catalogs.service.js';
import { createProductSet } from '../../apps/server/src/modules/catalogs/product-sets.service.js';
import {
  createFeed,
  generateFeed,
  feedRefreshPlan,
  syncFeedItems,
} from '../../apps/server/src/modules/feeds/feeds.service.js';
import { refreshKeySql } from '../../apps/server/src/modules/feeds/generation/input-hash.js';
import { since } from '../bench/stats.js';

export interface RefreshResult {
  items: number;
  /** Writing the state (catalogue rows, creative rows, keys), untimed in the targets. */
  setUpMs: number;
  /** generateFeed over the unchanged feed, each run. */
  refreshMs: number[];
  /** Jobs the unchanged refreshes sent (should be 0). */
  queued: number;
  /** Items the refresh found after one item's title changed (should be 1). */
  changedFound: number;
}

/** Builds the unchanged feed of `count` items for the client's template and refreshes it `runs` times. */
export async function benchBigRefresh(
  deps: AppDeps,
  input: { clientId: string; templateId: string; imageBase: string; count: number; runs: number },
): Promise<RefreshResult> {
  const { db } = deps;
  const started = performance.now();
  const catalog = await createCatalog(db, input.clientId, { name: 'Big refresh catalogue' });
  const [version] = await db
    .insert(catalogImports)
    .values({ catalogId: catalog.id, clientId: input.clientId, status: 'completed', finishedAt: new Date() })
    .returning();
  // The columns a CSV import fills, one row per n, each with a photo URL of its own (never fetched here).
  await db.execute(sql`
    insert into ${catalogItems} (import_id, catalog_id, item_id, title, description, link, image_link,
      price_amount, currency, brand, availability, condition, product_type, item_group_id, extra, content_hash)
    select ${version!.id}::uuid, ${catalog.id}::uuid, 'R' || lpad(n::text, 7, '0'), 'Everyday bottle ' || n,
      'A bottle', 'https://shop.example/p/' || n, ${input.imageBase}::text || n || '.jpg', 900 + n % 29000, 'EUR',
      'Northwind', 'in stock', 'new', 'Bottles', 'G' || (n / 4), '{"color": "navy"}'::jsonb, md5(n::text)
    from generate_series(1, ${input.count}::int) as n`);
  await db.update(catalogs).set({ currentImportId: version!.id }).where(eq(catalogs.id, catalog.id));
  const set = await createProductSet(db, input.clientId, {
    catalogId: catalog.id,
    name: 'All',
    filter: '{}',
  });
  const feed = await createFeed(db, input.clientId, {
    productSetId: set.id,
    name: 'Big refresh',
    designs: [{ templateId: input.templateId }],
  });
  const created = await syncFeedItems(deps, feed);
  if (created.length !== input.count) throw new Error(`the refresh made ${created.length} rows`);
  const { designs, plan } = await feedRefreshPlan(deps, feed);
  await db.execute(sql`
    update ${feedCreatives} c set status = 'generated', design_id = ${designs[0]!.id}::uuid,
      input_hash = md5(c.item_id), output_key = 'clients/' || ${input.clientId}::text || '/creatives/' || md5(c.item_id) || '.jpg',
      input_images = jsonb_build_array(jsonb_build_object('url', ${catalogItems.imageLink}, 'hash', md5(${catalogItems.imageLink}))),
      source_key = ${refreshKeySql(plan)}
    from ${catalogItems}
    where c.feed_id = ${feed.id} and ${catalogItems.importId} = ${version!.id} and ${catalogItems.itemId} = c.item_id`);
  await db.execute(sql`analyze ${feedCreatives}`);
  await db.execute(sql`analyze ${catalogItems}`);
  const setUpMs = since(started);

  const refreshMs: number[] = [];
  let queued = 0;
  const [row] = await db.select().from(feeds).where(eq(feeds.id, feed.id));
  for (let run = 0; run < input.runs; run += 1) {
    const begin = performance.now();
    queued += await generateFeed(deps, row!);
    refreshMs.push(since(begin));
  }
  // One item changes where the template reads it: the refresh must find it, and only it.
  await db
    .update(catalogItems)
    .set({ title: 'Everyday bottle, new edition' })
    .where(sql`${catalogItems.importId} = ${version!.id} and ${catalogItems.itemId} = 'R0000001'`);
  const changedFound = (await syncFeedItems(deps, row!)).length;
  await db.delete(feeds).where(eq(feeds.id, feed.id));
  return { items: input.count, setUpMs, refreshMs, queued, changedFound };
}
