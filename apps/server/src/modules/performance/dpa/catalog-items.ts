/**
 * Product ids of catalogue ads → the client's catalogue items (the current import of each catalogue).
 * An id found in several catalogues is the item of the catalogue of the ads' feeds' product sets when
 * one of them has it, else of the most recently imported catalogue.
 */
import type { Db } from '../../../db/client.js';
import { currentItemsById, type CurrentCatalogItem } from '../../catalogs/index.js';
import { feedsWithCatalog } from '../../feeds/index.js';

export type CatalogItem = CurrentCatalogItem;

export const UNCATEGORISED = 'Uncategorised';
export const NOT_IN_CATALOG = 'Not in catalogue';

export type CategoryField = 'PRODUCT_TYPE' | 'GOOGLE_PRODUCT_CATEGORY';

/** The first level of a category path ("Shoes > Running" → "Shoes"), trimmed; '' for none. */
export function firstLevel(path: string): string {
  return (path.split('>')[0] ?? '').trim();
}

/** An item's category for the field: the first level of its path, or Uncategorised when it has none. */
export function categoryOf(item: CatalogItem, field: CategoryField): string {
  const path = field === 'PRODUCT_TYPE' ? item.productType : item.googleProductCategory;
  return firstLevel(path) || UNCATEGORISED;
}

/** The category the lift is split by: product_type's first level, else google_product_category's. */
export function liftCategoryOf(item: CatalogItem | undefined): string {
  if (!item) return NOT_IN_CATALOG;
  return firstLevel(item.productType) || firstLevel(item.googleProductCategory) || UNCATEGORISED;
}

/** The item of each product id found (see above), by product id. */
export async function matchProducts(
  db: Db,
  clientId: string,
  /** Each product id and the feeds of the enhancement ads that delivered it. */
  products: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<Map<string, CatalogItem>> {
  const candidates = await currentItemsById(db, clientId, [...products.keys()]);
  const byId = new Map<string, CatalogItem[]>();
  for (const item of candidates) {
    const list = byId.get(item.itemId) ?? [];
    list.push(item);
    byId.set(item.itemId, list);
  }
  const needsFeeds = [...byId.entries()].some(([id, list]) => list.length > 1 && products.get(id)!.size > 0);
  const feeds = needsFeeds
    ? await feedsWithCatalog(
        db,
        clientId,
        [...products.values()].flatMap((s) => [...s]),
      )
    : new Map();
  const out = new Map<string, CatalogItem>();
  for (const [id, list] of byId) {
    if (list.length === 1) {
      out.set(id, list[0]!);
      continue;
    }
    const feedCatalogs = new Set(
      [...products.get(id)!].flatMap((feedId) => {
        const feed = feeds.get(feedId);
        return feed ? [feed.catalogId] : [];
      }),
    );
    const preferred = list.filter((item) => feedCatalogs.has(item.catalogId));
    out.set(id, newest(preferred.length > 0 ? preferred : list));
  }
  return out;
}

function newest(items: readonly CatalogItem[]): CatalogItem {
  return [...items].sort(
    (a, b) =>
      (b.importedAt?.getTime() ?? 0) - (a.importedAt?.getTime() ?? 0) ||
      a.catalogId.localeCompare(b.catalogId),
  )[0]!;
}
