/**
 * The builder's Preview state (spec section 3): the catalogue, product set and search the preview items
 * come from, the page of them (offset), the item picked for the server preview, and the index the live
 * preview steps through. A pure reducer; usePreviewItems loads the pages, the panel dispatches.
 */
import { PREVIEW_PAGE_SIZE, type PreviewItem } from './previewItem';

/** A product set as the preview filters by it: its id and its filter. */
export interface PreviewProductSet {
  id: string;
  filterJson: string;
}

export interface PreviewState {
  catalogId: string | null;
  /** null: every item of the catalogue. */
  productSetId: string | null;
  productSetFilterJson: string | null;
  /** Trimmed; '' searches nothing. */
  searchString: string;
  /** The item the server preview renders; kept while searching, paging or changing the set. */
  selectedItem: PreviewItem | null;
  /** The loaded page of items. */
  previewItems: PreviewItem[];
  /** Each preview item's picture, in order ('' when it has none), for thumbnails and the preview bar. */
  previewUrls: string[];
  /** Where the page starts among the matching items. */
  previewOffset: number;
  /** How many items match in all. */
  itemTotal: number;
  /** Whether the page for the current query is loading, loaded or failed (with itemsError). */
  itemsStatus: 'idle' | 'loading' | 'loaded' | 'failed';
  itemsError: string | null;
  /** Which preview item the live preview shows. */
  liveIndex: number;
}

/** The page of items a state asks for; a load answers exactly one of these. */
export interface PreviewItemsQueryKey {
  catalogId: string;
  filterJson: string | null;
  searchString: string;
  offset: number;
  limit: number;
}

export type PreviewAction =
  | { type: 'chooseCatalog'; catalogId: string | null }
  | { type: 'chooseProductSet'; productSet: PreviewProductSet | null }
  | { type: 'search'; searchString: string }
  | { type: 'selectItem'; item: PreviewItem | null }
  | { type: 'itemsLoaded'; query: PreviewItemsQueryKey; items: PreviewItem[]; total: number }
  | { type: 'itemsFailed'; query: PreviewItemsQueryKey; message: string }
  | { type: 'setOffset'; offset: number }
  | { type: 'stepLiveIndex'; step: 1 | -1 };

export const initialPreviewState: PreviewState = {
  catalogId: null,
  productSetId: null,
  productSetFilterJson: null,
  searchString: '',
  selectedItem: null,
  previewItems: [],
  previewUrls: [],
  previewOffset: 0,
  itemTotal: 0,
  itemsStatus: 'idle',
  itemsError: null,
  liveIndex: 0,
};

/** The page the state asks for; null while no catalogue is chosen. */
export function previewItemsQuery(state: PreviewState): PreviewItemsQueryKey | null {
  if (!state.catalogId) return null;
  return {
    catalogId: state.catalogId,
    filterJson: state.productSetFilterJson,
    searchString: state.searchString,
    offset: state.previewOffset,
    limit: PREVIEW_PAGE_SIZE,
  };
}

function sameQuery(a: PreviewItemsQueryKey, b: PreviewItemsQueryKey | null): boolean {
  return (
    b !== null &&
    a.catalogId === b.catalogId &&
    a.filterJson === b.filterJson &&
    a.searchString === b.searchString &&
    a.offset === b.offset &&
    a.limit === b.limit
  );
}

/** The state with a new query: the old page is gone, the new one is loading (unless nothing is asked). */
function withQuery(state: PreviewState, change: Partial<PreviewState>): PreviewState {
  const next = { ...state, ...change };
  return {
    ...next,
    previewItems: [],
    previewUrls: [],
    itemTotal: 0,
    itemsStatus: next.catalogId ? 'loading' : 'idle',
    itemsError: null,
    liveIndex: 0,
  };
}

function indexOfItem(items: readonly PreviewItem[], item: PreviewItem | null): number {
  if (!item) return -1;
  return items.findIndex((entry) => entry.productCatalogItemId === item.productCatalogItemId);
}

/** Applies one preview action; returns the same state when nothing changes. */
export function previewReducer(state: PreviewState, action: PreviewAction): PreviewState {
  switch (action.type) {
    case 'chooseCatalog':
      if (action.catalogId === state.catalogId) return state;
      return withQuery(state, {
        catalogId: action.catalogId,
        productSetId: null,
        productSetFilterJson: null,
        searchString: '',
        selectedItem: null,
        previewOffset: 0,
      });
    case 'chooseProductSet': {
      const productSetId = action.productSet?.id ?? null;
      if (productSetId === state.productSetId) return state;
      return withQuery(state, {
        productSetId,
        productSetFilterJson: action.productSet?.filterJson ?? null,
        previewOffset: 0,
      });
    }
    case 'search': {
      const searchString = action.searchString.trim();
      if (searchString === state.searchString) return state;
      return withQuery(state, { searchString, previewOffset: 0 });
    }
    case 'setOffset': {
      const offset = Math.max(0, Math.floor(action.offset));
      if (offset === state.previewOffset) return state;
      return withQuery(state, { previewOffset: offset });
    }
    case 'selectItem': {
      const index = indexOfItem(state.previewItems, action.item);
      return { ...state, selectedItem: action.item, liveIndex: index >= 0 ? index : state.liveIndex };
    }
    case 'itemsLoaded': {
      // An answer to a query the user has since changed is stale.
      if (!sameQuery(action.query, previewItemsQuery(state))) return state;
      const selected = indexOfItem(action.items, state.selectedItem);
      return {
        ...state,
        previewItems: action.items,
        previewUrls: action.items.map((item) => item.imageLink),
        itemTotal: action.total,
        itemsStatus: 'loaded',
        itemsError: null,
        liveIndex: Math.max(0, selected),
      };
    }
    case 'itemsFailed':
      if (!sameQuery(action.query, previewItemsQuery(state))) return state;
      return { ...state, itemsStatus: 'failed', itemsError: action.message };
    case 'stepLiveIndex': {
      const count = state.previewItems.length;
      if (count === 0) return state;
      return { ...state, liveIndex: (((state.liveIndex + action.step) % count) + count) % count };
    }
  }
}
