/**
 * The items, item groups and categories screens (dpaItems): the product rows of catalogue ads rolled up
 * to the catalogue's item, item_group_id or category, each split into enhancement and catalogue ads,
 * largest spend first.
 */
import { addSums, emptySums, type MetricSums } from '@adloom/commerce';
import type { Db } from '../../../db/client.js';
import { generatedCreativesOfItems } from '../../feeds/index.js';
import type { AccountScope } from '../scope.js';
import { metricValues, type MetricValues } from '../dashboards/values.js';
import { productRows, type ProductRow } from './catalog-ads.js';
import {
  categoryOf,
  matchProducts,
  NOT_IN_CATALOG,
  type CatalogItem,
  type CategoryField,
} from './catalog-items.js';

export const DPA_GROUPINGS = ['ITEM', 'ITEM_GROUP', 'CATEGORY'] as const;
export type DpaGrouping = (typeof DPA_GROUPINGS)[number];

export interface DpaItemCreativeShape {
  feedId: string;
  feedName: string;
  outputKey: string;
  templateName: string | null;
}

export interface DpaItemRowShape {
  key: string;
  label: string;
  imageUrl: string | null;
  catalogId: string | null;
  itemId: string | null;
  items: number;
  inCatalog: boolean;
  values: MetricValues;
  enhancementValues: MetricValues;
  catalogValues: MetricValues;
  creatives: DpaItemCreativeShape[];
}

export interface DpaItemsReportShape {
  currency: string | null;
  rows: DpaItemRowShape[];
  totalRows: number;
  notInCatalog: number;
}

export interface DpaItemsInput {
  grouping: DpaGrouping;
  categoryField: CategoryField;
  search: string | null;
  limit: number;
}

/** One product id over the range: its sums by kind and the feeds of the enhancement ads that showed it. */
export interface ProductTotals {
  productId: string;
  enhancement: MetricSums;
  catalog: MetricSums;
  feeds: Set<string>;
}

/** Product rows summed per product id. */
export function productTotals(rows: readonly ProductRow[]): Map<string, ProductTotals> {
  const out = new Map<string, ProductTotals>();
  for (const r of rows) {
    let p = out.get(r.productId);
    if (!p) {
      p = { productId: r.productId, enhancement: emptySums(), catalog: emptySums(), feeds: new Set() };
      out.set(r.productId, p);
    }
    if (r.kind === 'ENHANCEMENT') p.enhancement = addSums(p.enhancement, r.sums);
    else p.catalog = addSums(p.catalog, r.sums);
    if (r.feedId) p.feeds.add(r.feedId);
  }
  return out;
}

interface Group {
  key: string;
  label: string | null;
  inCatalog: boolean;
  enhancement: MetricSums;
  catalog: MetricSums;
  /** The catalogue items rolled in, with their spend (the largest names and pictures the row). */
  members: { item: CatalogItem; spend: number }[];
}

/** The key and label of a product's row, by grouping; label null: taken from the row's first item. */
export function groupOf(
  productId: string,
  item: CatalogItem | undefined,
  input: Pick<DpaItemsInput, 'grouping' | 'categoryField'>,
): { key: string; label: string | null } {
  if (input.grouping === 'CATEGORY') {
    const category = item ? categoryOf(item, input.categoryField) : NOT_IN_CATALOG;
    return { key: category, label: category };
  }
  if (!item) return { key: productId, label: productId };
  if (input.grouping === 'ITEM_GROUP') return { key: item.itemGroupId || item.itemId, label: null };
  return { key: item.itemId, label: null };
}

/** Rolls the products up to rows (see above); creatives are listed for the ITEM rows returned. */
export async function dpaItems(
  db: Db,
  scope: AccountScope,
  input: DpaItemsInput,
): Promise<DpaItemsReportShape> {
  const products = productTotals(await productRows(db, scope));
  const items = await matchProducts(
    db,
    scope.clientId,
    new Map([...products.values()].map((p) => [p.productId, p.feeds])),
  );
  const groups = new Map<string, Group>();
  let notInCatalog = 0;
  for (const p of products.values()) {
    const item = items.get(p.productId);
    if (!item) notInCatalog += 1;
    const { key, label } = groupOf(p.productId, item, input);
    // A product not in a catalogue never shares a row with catalogue items.
    const groupKey = `${item ? 'in' : 'out'}\u001f${key}`;
    let g = groups.get(groupKey);
    if (!g) {
      g = { key, label, inCatalog: !!item, enhancement: emptySums(), catalog: emptySums(), members: [] };
      groups.set(groupKey, g);
    }
    g.enhancement = addSums(g.enhancement, p.enhancement);
    g.catalog = addSums(g.catalog, p.catalog);
    if (item) g.members.push({ item, spend: p.enhancement.spend + p.catalog.spend });
  }
  const needle = input.search?.trim().toLowerCase() ?? '';
  const rows = [...groups.values()]
    .map((g) => toRow(g, input.grouping))
    .filter((r) => !needle || r.key.toLowerCase().includes(needle) || r.label.toLowerCase().includes(needle))
    .sort((a, b) => b.values.spend - a.values.spend || a.key.localeCompare(b.key));
  const page = rows.slice(0, input.limit);
  if (input.grouping === 'ITEM') await addCreatives(db, scope.clientId, page);
  return { currency: scope.currency, rows: page, totalRows: rows.length, notInCatalog };
}

function toRow(g: Group, grouping: DpaGrouping): DpaItemRowShape {
  const first = [...g.members].sort(
    (a, b) => b.spend - a.spend || a.item.itemId.localeCompare(b.item.itemId),
  )[0]?.item;
  return {
    key: g.key,
    label: g.label ?? (first?.title || g.key),
    imageUrl: first?.imageLink || null,
    catalogId: first?.catalogId ?? null,
    // A category links to its catalogue, not to one of its items.
    itemId: grouping === 'CATEGORY' ? null : (first?.itemId ?? null),
    items: new Set(g.members.map((m) => `${m.item.catalogId}\u001f${m.item.itemId}`)).size,
    inCatalog: g.inCatalog,
    values: metricValues(addSums(g.enhancement, g.catalog)),
    enhancementValues: metricValues(g.enhancement),
    catalogValues: metricValues(g.catalog),
    creatives: [],
  };
}

async function addCreatives(db: Db, clientId: string, rows: DpaItemRowShape[]): Promise<void> {
  const wanted = rows.filter((r) => r.itemId && r.catalogId);
  const creatives = await generatedCreativesOfItems(
    db,
    clientId,
    wanted.map((r) => r.itemId!),
  );
  for (const row of wanted)
    row.creatives = creatives
      .filter((c) => c.itemId === row.itemId && c.catalogId === row.catalogId)
      .map((c) => ({
        feedId: c.feedId,
        feedName: c.feedName,
        outputKey: c.outputKey,
        templateName: c.templateName,
      }));
}
