import { describe, expect, it } from 'vitest';
import { PREVIEW_PAGE_SIZE } from './previewItem';
import {
  initialPreviewState,
  previewItemsQuery,
  previewReducer,
  type PreviewAction,
  type PreviewState,
} from './previewState';
import { testItem } from './testItems';

const run = (...actions: PreviewAction[]): PreviewState =>
  actions.reduce(previewReducer, initialPreviewState);

/** Answers the state's current query with these items. */
const load = (state: PreviewState, ids: string[], total = ids.length): PreviewState =>
  previewReducer(state, {
    type: 'itemsLoaded',
    query: previewItemsQuery(state)!,
    items: ids.map((id) => testItem(id)),
    total,
  });

const withCatalog = run({ type: 'chooseCatalog', catalogId: 'cat-1' });
const loaded = load(withCatalog, ['a', 'b', 'c'], 45);

describe('previewReducer', () => {
  it('starts empty and asks for nothing', () => {
    expect(initialPreviewState).toMatchObject({
      catalogId: null,
      productSetId: null,
      searchString: '',
      selectedItem: null,
      previewItems: [],
      previewUrls: [],
      previewOffset: 0,
      liveIndex: 0,
      itemsStatus: 'idle',
    });
    expect(previewItemsQuery(initialPreviewState)).toBeNull();
  });

  it('asks for the first page of a chosen catalogue', () => {
    expect(withCatalog.itemsStatus).toBe('loading');
    expect(previewItemsQuery(withCatalog)).toEqual({
      catalogId: 'cat-1',
      filterJson: null,
      searchString: '',
      offset: 0,
      limit: PREVIEW_PAGE_SIZE,
    });
  });

  it('keeps a loaded page with its pictures, in order', () => {
    expect(loaded.itemsStatus).toBe('loaded');
    expect(loaded.previewItems.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(loaded.previewUrls).toEqual([
      'https://img.test/a.jpg',
      'https://img.test/b.jpg',
      'https://img.test/c.jpg',
    ]);
    expect(loaded.itemTotal).toBe(45);
  });

  it('drops an answer to a query that has changed since', () => {
    const query = previewItemsQuery(withCatalog)!;
    const searched = previewReducer(withCatalog, { type: 'search', searchString: 'shoe' });
    const late = { query, items: [testItem('old')], total: 1 };
    expect(previewReducer(searched, { type: 'itemsLoaded', ...late })).toBe(searched);
    expect(previewReducer(searched, { type: 'itemsFailed', query, message: 'x' })).toBe(searched);
  });

  it('records a failed page with its message', () => {
    const failed = previewReducer(withCatalog, {
      type: 'itemsFailed',
      query: previewItemsQuery(withCatalog)!,
      message: 'Network down',
    });
    expect(failed).toMatchObject({ itemsStatus: 'failed', itemsError: 'Network down', previewItems: [] });
  });

  it('filters by the chosen product set from the first page, and by all items when cleared', () => {
    const paged = previewReducer(loaded, { type: 'setOffset', offset: 20 });
    const inSet = previewReducer(paged, {
      type: 'chooseProductSet',
      productSet: { id: 'set-1', filterJson: '{"all":[]}' },
    });
    expect(inSet).toMatchObject({
      productSetId: 'set-1',
      previewOffset: 0,
      previewItems: [],
      itemsStatus: 'loading',
    });
    expect(previewItemsQuery(inSet)?.filterJson).toBe('{"all":[]}');
    const cleared = previewReducer(inSet, { type: 'chooseProductSet', productSet: null });
    expect(cleared.productSetId).toBeNull();
    expect(previewItemsQuery(cleared)?.filterJson).toBeNull();
  });

  it('searches trimmed from the first page, and ignores the same search', () => {
    const paged = previewReducer(loaded, { type: 'setOffset', offset: 20 });
    const searched = previewReducer(paged, { type: 'search', searchString: '  red shoe ' });
    expect(searched).toMatchObject({ searchString: 'red shoe', previewOffset: 0, itemsStatus: 'loading' });
    expect(previewReducer(searched, { type: 'search', searchString: 'red shoe' })).toBe(searched);
  });

  it('pages by offset, never below 0', () => {
    const next = previewReducer(loaded, { type: 'setOffset', offset: 20 });
    expect(next).toMatchObject({ previewOffset: 20, previewItems: [], itemsStatus: 'loading' });
    expect(previewItemsQuery(next)?.offset).toBe(20);
    expect(previewReducer(next, { type: 'setOffset', offset: -20 }).previewOffset).toBe(0);
    expect(previewReducer(loaded, { type: 'setOffset', offset: 0 })).toBe(loaded);
  });

  it('keeps the picked item through search, paging and set changes, but not a new catalogue', () => {
    const picked = previewReducer(loaded, { type: 'selectItem', item: loaded.previewItems[1]! });
    expect(picked.selectedItem?.id).toBe('b');
    const moved = [
      { type: 'search', searchString: 'x' },
      { type: 'setOffset', offset: 20 },
      { type: 'chooseProductSet', productSet: { id: 's', filterJson: '{}' } },
    ] satisfies PreviewAction[];
    expect(moved.reduce(previewReducer, picked).selectedItem?.id).toBe('b');
    const otherCatalog = previewReducer(picked, { type: 'chooseCatalog', catalogId: 'cat-2' });
    expect(otherCatalog).toMatchObject({
      catalogId: 'cat-2',
      productSetId: null,
      searchString: '',
      selectedItem: null,
      previewOffset: 0,
      previewItems: [],
    });
    expect(previewReducer(otherCatalog, { type: 'chooseCatalog', catalogId: 'cat-2' })).toBe(otherCatalog);
  });

  it('moves the live preview to the picked item, and finds it again in a new page', () => {
    const picked = previewReducer(loaded, { type: 'selectItem', item: loaded.previewItems[2]! });
    expect(picked.liveIndex).toBe(2);
    const searched = previewReducer(picked, { type: 'search', searchString: 'c' });
    expect(searched.liveIndex).toBe(0);
    expect(load(searched, ['z', 'c']).liveIndex).toBe(1);
    expect(load(searched, ['z', 'y']).liveIndex).toBe(0);
  });

  it('steps the live preview index through the items, wrapping both ways', () => {
    const step = (state: PreviewState, by: 1 | -1) =>
      previewReducer(state, { type: 'stepLiveIndex', step: by });
    expect(step(loaded, -1).liveIndex).toBe(2);
    expect(step(step(loaded, 1), 1).liveIndex).toBe(2);
    expect(step(step(step(loaded, 1), 1), 1).liveIndex).toBe(0);
    expect(step(withCatalog, 1)).toBe(withCatalog);
    expect(step(load(withCatalog, ['only']), 1).liveIndex).toBe(0);
  });

  it('goes back to idle when the catalogue is cleared', () => {
    expect(previewReducer(loaded, { type: 'chooseCatalog', catalogId: null })).toMatchObject({
      catalogId: null,
      itemsStatus: 'idle',
      previewItems: [],
    });
  });
});
