/**
 * The items of a client's catalogues (each catalogue's current import) with some item ids, for the
 * performance module's product breakdowns (Meta reports a catalogue ad's delivery per item id).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

export interface CurrentCatalogItem {
  catalogId: string;
  catalogName: string;
  itemId: string;
  title: string;
  imageLink: string;
  itemGroupId: string;
  productType: string;
  googleProductCategory: string;
  /** When the catalogue's current import finished (null if unknown): the most recent wins a tie. */
  importedAt: Date | null;
}

/**
 * Every current item of the client's catalogues whose id is one of `itemIds` (an id may be in several
 * catalogues: each is returned).
 */
export async function currentItemsById(
  db: Db,
  clientId: string,
  itemIds: readonly string[],
): Promise<CurrentCatalogItem[]> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return [];
  const rows = rowsOf<Omit<CurrentCatalogItem, 'importedAt'> & { importedAt: string | Date | null }>(
    await db.execute(sql`
      select c.id::text as "catalogId", c.name as "catalogName", i.item_id as "itemId", i.title,
        i.image_link as "imageLink", i.item_group_id as "itemGroupId", i.product_type as "productType",
        i.google_product_category as "googleProductCategory", ci.finished_at as "importedAt"
      from catalogs c
      join catalog_imports ci on ci.id = c.current_import_id
      join catalog_items i on i.import_id = c.current_import_id
      where c.client_id = ${clientId} and i.item_id = any(${sql.param(ids)}::text[])`),
  );
  return rows.map((r) => ({ ...r, importedAt: r.importedAt == null ? null : new Date(r.importedAt) }));
}
