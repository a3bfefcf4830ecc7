import { describe, expect, it } from 'vitest';
import {
  canvasItem,
  lastUpdatedCatalogue,
  previewItemKey,
  readCanvasView,
  readRememberedItem,
  rememberCanvasView,
  rememberItem,
} from './productItem';
import { initialPreviewState, previewReducer, type PreviewItemsQueryKey } from './previewState';
import { testItem } from './testItems';

const query: PreviewItemsQueryKey = {
  catalogId: 'cat-1',
  filterJson: null,
  searchString: '',
  offset: 0,
  limit: 20,
};
const loaded = (items = [testItem('a'), testItem('b'), testItem('c')]) =>
  previewReducer(previewReducer(initialPreviewState, { type: 'chooseCatalog', catalogId: 'cat-1' }), {
    type: 'itemsLoaded',
    query,
    items,
    total: items.length,
  });

describe('the item the canvas draws', () => {
  it('is the first item once a catalogue is chosen, then the one picked or stepped to', () => {
    expect(canvasItem(initialPreviewState)).toBeNull();
    let state = loaded();
    expect(canvasItem(state)?.id).toBe('a');
    state = previewReducer(state, { type: 'selectItem', item: testItem('c') });
    expect(canvasItem(state)?.id).toBe('c');
    state = previewReducer(state, { type: 'stepLiveIndex', step: 1 });
    expect(canvasItem(state)?.id).toBe('a');
  });

  it('is the remembered item even when it is not on the loaded page', () => {
    const state = previewReducer(loaded(), { type: 'selectItem', item: testItem('z') });
    expect(canvasItem(state)?.id).toBe('z');
  });
});

describe('the default catalogue', () => {
  it('is the one with items imported last', () => {
    expect(
      lastUpdatedCatalogue([
        {
          id: 'old',
          itemCount: 5,
          createdAt: '2024-01-01T00:00:00Z',
          imports: [{ finishedAt: '2024-03-01T00:00:00Z' }],
        },
        {
          id: 'new',
          itemCount: 5,
          createdAt: '2024-02-01T00:00:00Z',
          imports: [{ finishedAt: '2024-04-01T00:00:00Z' }],
        },
        { id: 'empty', itemCount: 0, createdAt: '2024-05-01T00:00:00Z', imports: [{ finishedAt: null }] },
      ]),
    ).toBe('new');
    expect(lastUpdatedCatalogue([])).toBeNull();
  });
});

describe('the remembered item', () => {
  it('is kept per template under its own key, and an unreadable record is ignored', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    rememberItem(storage, 't1', { catalogId: 'cat-1', item: testItem('b') });
    expect(previewItemKey('t1')).toBe('adloom.builder.t1.previewItem');
    expect(readRememberedItem(storage, 't1')?.item.id).toBe('b');
    expect(readRememberedItem(storage, 't2')).toBeNull();
    store.set(previewItemKey('t2'), '{not json');
    expect(readRememberedItem(storage, 't2')).toBeNull();
  });
});

describe('the canvas view chosen last', () => {
  it('is remembered for every template; nothing or nonsense reads as no choice', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    expect(readCanvasView(storage)).toBeNull();
    rememberCanvasView(storage, 'fields');
    expect(store.get('adloom.builder.canvasView')).toBe('fields');
    expect(readCanvasView(storage)).toBe('fields');
    store.set('adloom.builder.canvasView', 'sideways');
    expect(readCanvasView(storage)).toBeNull();
  });
});
