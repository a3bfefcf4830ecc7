import { clientUrl } from '../../../../app/routes';

export type DpaAdKind = 'ALL' | 'CATALOG' | 'ENHANCEMENT';
export type DpaGrouping = 'ITEM' | 'ITEM_GROUP' | 'CATEGORY';
export type DpaCategoryField = 'PRODUCT_TYPE' | 'GOOGLE_PRODUCT_CATEGORY';

export interface DpaPage {
  key: string;
  label: string;
  /** The route's path below `/clients/{clientId}/` (routes.ts has the same rows). */
  path: string;
  kind?: DpaAdKind;
  grouping?: DpaGrouping;
}

const BASE = 'dashboard/dpa-performance/';

/** The pages of the DPA dashboard, in tab order. */
export const DPA_PAGES: readonly DpaPage[] = [
  { key: 'overview', label: 'Overview', path: BASE },
  { key: 'ads', label: 'Ads', path: `${BASE}ads/`, kind: 'ALL' },
  { key: 'catalog_ads', label: 'Catalogue ads', path: `${BASE}catalog_ads/`, kind: 'CATALOG' },
  { key: 'enhancement_ads', label: 'Enhancement ads', path: `${BASE}enhancement_ads/`, kind: 'ENHANCEMENT' },
  { key: 'items', label: 'Items', path: `${BASE}items/`, grouping: 'ITEM' },
  { key: 'item-groups', label: 'Item groups', path: `${BASE}item-groups/`, grouping: 'ITEM_GROUP' },
  { key: 'categories', label: 'Categories', path: `${BASE}categories/`, grouping: 'CATEGORY' },
];

/** The DPA page of a route path; the overview for any other. */
export function dpaPageOf(path: string): DpaPage {
  return DPA_PAGES.find((page) => page.path === path) ?? (DPA_PAGES[0] as DpaPage);
}

/** A DPA page's URL, carrying the dashboards' range and filters (`shared`, a sharedDashboardSearch). */
export function dpaPageUrl(clientId: string, page: DpaPage, shared?: URLSearchParams): string {
  const search = shared?.toString();
  return `${clientUrl(clientId, page.path)}${search ? `?${search}` : ''}`;
}

/** The catalogue page showing one item: searched for and its details open. */
export function catalogItemLink(clientId: string, catalogId: string, itemId: string): string {
  const search = new URLSearchParams({ searchString: itemId, item: itemId });
  return `${clientUrl(clientId, 'catalogs/:id/', { id: catalogId })}?${search}`;
}

/** A feed's creatives with one item's creative open. */
export function feedCreativesLink(clientId: string, feedId: string, itemId: string | null): string {
  const base = clientUrl(clientId, 'feeds/:id/creatives/', { id: feedId });
  return itemId ? `${base}?${new URLSearchParams({ item: itemId })}` : base;
}
