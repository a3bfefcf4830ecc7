/**
 * What the performance module's catalogue-ad dashboards (issue 19) read of feeds: a client's feeds with
 * their catalogue, the generated creatives of some items, and the template version each (feed, item)
 * creative was drawn with.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { isUuid } from '../../errors.js';

export interface FeedWithCatalog {
  id: string;
  name: string;
  /** The catalogue of the feed's product set. */
  catalogId: string;
}

/** The client's feeds among `feedIds`, by id (other clients' ids and malformed ids are left out). */
export async function feedsWithCatalog(
  db: Db,
  clientId: string,
  feedIds: readonly string[],
): Promise<Map<string, FeedWithCatalog>> {
  const ids = [...new Set(feedIds)].filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = rowsOf<FeedWithCatalog>(
    await db.execute(sql`
      select f.id::text as id, f.name, p.catalog_id::text as "catalogId"
      from feeds f join product_sets p on p.id = f.product_set_id
      where f.client_id = ${clientId} and f.id = any(${sql.param(ids)}::uuid[])`),
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export interface ItemCreative {
  feedId: string;
  feedName: string;
  /** The catalogue of the feed's product set (an item id names an item of that catalogue). */
  catalogId: string;
  itemId: string;
  /** The stored key of the generated image. */
  outputKey: string;
  templateName: string | null;
}

/** The generated creatives (with a stored image) of the items named, in the client's feeds; oldest feed first. */
export async function generatedCreativesOfItems(
  db: Db,
  clientId: string,
  itemIds: readonly string[],
): Promise<ItemCreative[]> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return [];
  return rowsOf<ItemCreative>(
    await db.execute(sql`
      select f.id::text as "feedId", f.name as "feedName", p.catalog_id::text as "catalogId",
        c.item_id as "itemId", c.output_key as "outputKey", t.name as "templateName"
      from feed_creatives c
      join feeds f on f.id = c.feed_id
      join product_sets p on p.id = f.product_set_id
      left join feed_designs d on d.id = c.design_id
      left join template_versions v on v.id = d.template_version_id
      left join templates t on t.id = v.template_id
      where f.client_id = ${clientId} and c.item_id = any(${sql.param(ids)}::text[])
        and c.status = 'generated' and c.output_key is not null
      order by f.created_at, f.id, c.item_id`),
  );
}

/**
 * The template version of each (feed, item) creative of the client's feeds that has a design, by
 * `${feedId}\u001f${itemId}`: the template an ad of that feed showed for that item.
 */
export async function creativeTemplateVersions(
  db: Db,
  clientId: string,
  pairs: readonly { feedId: string; itemId: string }[],
): Promise<Map<string, string>> {
  const wanted = pairs.filter((p) => isUuid(p.feedId));
  if (wanted.length === 0) return new Map();
  const rows = rowsOf<{ feedId: string; itemId: string; templateVersionId: string }>(
    await db.execute(sql`
      select c.feed_id::text as "feedId", c.item_id as "itemId", d.template_version_id::text as "templateVersionId"
      from unnest(${sql.param(wanted.map((p) => p.feedId))}::uuid[], ${sql.param(wanted.map((p) => p.itemId))}::text[]) as w(feed_id, item_id)
      join feed_creatives c on c.feed_id = w.feed_id and c.item_id = w.item_id
      join feeds f on f.id = c.feed_id
      join feed_designs d on d.id = c.design_id
      where f.client_id = ${clientId}`),
  );
  return new Map(rows.map((r) => [`${r.feedId}\u001f${r.itemId}`, r.templateVersionId]));
}
