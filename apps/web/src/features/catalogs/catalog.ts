import type { ResultOf } from 'gql.tada';
import type { CatalogQuery } from './api/catalog';
import type { CatalogItemQuery } from './api/catalogItem';
import type { CatalogItemsQuery } from './api/catalogItems';
import type { CatalogsQuery } from './api/catalogs';
import type { ProductSetsQuery } from './api/productSets';

export type CatalogSummary = ResultOf<typeof CatalogsQuery>['catalogs'][number];
export type CatalogDetail = NonNullable<ResultOf<typeof CatalogQuery>['catalog']>;
export type CatalogImport = CatalogDetail['imports'][number];
export type CatalogItemRow = ResultOf<typeof CatalogItemsQuery>['catalogItems']['items'][number];
export type CatalogItemDetail = NonNullable<ResultOf<typeof CatalogItemQuery>['catalogItem']>;
export type ProductSet = ResultOf<typeof ProductSetsQuery>['productSets'][number];

/** What the header, the settings and the actions need to know of a catalogue. */
export type CatalogRef = Pick<
  CatalogDetail,
  'id' | 'name' | 'sourceUrl' | 'schedule' | 'feedFormat' | 'currency'
>;

/** Importing the catalogue again, from its URL or from a newly uploaded file. */
export interface ReimportActions {
  busy: boolean;
  importNow: () => void;
  importFile: (file: File | null) => void;
}

/**
 * Queries that must refetch after a catalogue or product-set mutation. A list can be empty, and a
 * delete answers only an id, so neither carries the typename the cache invalidates by.
 */
export const catalogsContext = { additionalTypenames: ['Catalog'] };
export const productSetsContext = { additionalTypenames: ['ProductSet'] };

/** The URL query parameters of `/catalogs/{id}/` (spec section 2). */
export const SEARCH_PARAM = 'searchString';
export const NEW_SET_PARAM = 'newProductSetModalOpen';
/** The item whose details are open on the catalogue page (`?item=SKU-1`): a link to one item. */
export const ITEM_PARAM = 'item';
/** Only the items with one diagnostics issue (`?issue=missing_brand`): the diagnostics' "Show items". */
export const ISSUE_PARAM = 'issue';
