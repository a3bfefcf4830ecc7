/**
 * The catalogue reads a list asks for once per row (a feed's product set, a catalogue's item count and
 * imports, a product set's matching count), each batched into one query per request (graphql/loaders.ts).
 */
import { and, desc, eq, inArray, SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  catalogImports,
  catalogItems,
  catalogs,
  productSets,
  type CatalogImportRow,
  type CatalogRow,
  type ProductSetRow,
} from '../../db/schema.js';
import { isUuid } from '../../errors.js';
import { batchLoad } from '../../graphql/loaders.js';
import { filterToSql } from './product-sets/filter-sql.js';
import { storedFilter } from './product-sets.service.js';

type ProductSetKey = { clientId: string; id: string };

/** A client's product sets with their catalogues, in the order of `keys`; null for one that is not theirs. */
async function productSetsOf(db: Db, keys: readonly ProductSetKey[]) {
  const ids = [...new Set(keys.map((k) => k.id).filter(isUuid))];
  const rows = ids.length
    ? await db
        .select({ set: productSets, catalog: catalogs })
        .from(productSets)
        .innerJoin(catalogs, eq(catalogs.id, productSets.catalogId))
        .where(inArray(productSets.id, ids))
    : [];
  const byId = new Map(rows.map((row) => [row.set.id, row]));
  return keys.map((k) => {
    const row = byId.get(k.id);
    return row && row.set.clientId === k.clientId ? row : null;
  });
}

/** A client's product set and its catalogue by id (null when it is not theirs), batched per request. */
export const PRODUCT_SET_WITH_CATALOG = batchLoad<
  ProductSetKey,
  { set: ProductSetRow; catalog: CatalogRow } | null
>(productSetsOf, (k) => `${k.clientId}/${k.id}`);

/** The number of items in each catalogue's current version, in the order of `catalogList`. */
async function itemCountsOf(db: Db, catalogList: readonly CatalogRow[]): Promise<number[]> {
  const importIds = [...new Set(catalogList.map((c) => c.currentImportId).filter((id) => id !== null))];
  const rows = importIds.length
    ? await db
        .select({ importId: catalogItems.importId, count: sql<number>`count(*)::int` })
        .from(catalogItems)
        .where(inArray(catalogItems.importId, importIds))
        .groupBy(catalogItems.importId)
    : [];
  const byImport = new Map(rows.map((row) => [row.importId, Number(row.count)]));
  return catalogList.map((c) => (c.currentImportId ? (byImport.get(c.currentImportId) ?? 0) : 0));
}

/** A catalogue's item count (its current version's items), batched per request. */
export const CATALOG_ITEM_COUNT = batchLoad<CatalogRow, number>(itemCountsOf, (c) => c.id);

/** The imports of each catalogue, newest first, in the order of `catalogList`. */
async function importsOf(db: Db, catalogList: readonly CatalogRow[]): Promise<CatalogImportRow[][]> {
  const rows = await db
    .select()
    .from(catalogImports)
    .where(inArray(catalogImports.catalogId, [...new Set(catalogList.map((c) => c.id))]))
    .orderBy(desc(catalogImports.createdAt));
  return catalogList.map((c) => rows.filter((r) => r.catalogId === c.id && r.clientId === c.clientId));
}

/** A catalogue's imports, newest first, batched per request. */
export const CATALOG_IMPORTS = batchLoad<CatalogRow, CatalogImportRow[]>(importsOf, (c) => c.id);

/**
 * How many items of its catalogue's current version each product set matches, in one query: a
 * `count(*) FILTER (WHERE …)` per set. A set whose stored filter does not read gets that error alone.
 */
async function matchingCountsOf(db: Db, sets: readonly ProductSetRow[]): Promise<(number | Error)[]> {
  const catalogIds = [...new Set(sets.map((s) => s.catalogId))];
  const catalogRows = await db.select().from(catalogs).where(inArray(catalogs.id, catalogIds));
  const catalogById = new Map(catalogRows.map((c) => [c.id, c]));
  const counts = sets.map((set): SQL<number> | number | Error => {
    const catalog = catalogById.get(set.catalogId);
    if (!catalog || catalog.clientId !== set.clientId || !catalog.currentImportId) return 0;
    try {
      const filter = filterToSql(storedFilter(set).filter);
      return sql<number>`count(*) filter (where ${and(eq(catalogItems.importId, catalog.currentImportId), filter)})::int`;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  });
  const columns: Record<string, SQL<number>> = {};
  counts.forEach((count, i) => {
    if (count instanceof SQL) columns[`set${i}`] = count;
  });
  const importIds = [...new Set(catalogRows.map((c) => c.currentImportId).filter((id) => id !== null))];
  const [row] = Object.keys(columns).length
    ? await db.select(columns).from(catalogItems).where(inArray(catalogItems.importId, importIds))
    : [];
  return counts.map((count, i) => (count instanceof SQL ? Number(row?.[`set${i}`] ?? 0) : count));
}

/** A product set's matching item count, batched per request. */
export const PRODUCT_SET_ITEM_COUNT = batchLoad<ProductSetRow, number>(matchingCountsOf, (s) => s.id);
