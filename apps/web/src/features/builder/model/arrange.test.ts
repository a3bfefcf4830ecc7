import { describe, expect, it } from 'vitest';
import { addLayers, createModel, createRectLayer, createTextLayer, findLayer } from './index.js';
import { arrangeLayers, groupLayers, ungroupLayers } from './arrange.js';
import type { ModelLayer } from './types.js';

function stack() {
  const layers = ['a', 'b', 'c', 'd'].map((name, index) =>
    createRectLayer({ left: index * 100, top: 10, width: 50, height: 50, data: { name } as never }),
  );
  const model = addLayers(createModel(), layers);
  const names = (m: typeof model) => m.layers.map((layer) => layer.data.name);
  const uid = (name: string) => layers.find((layer) => layer.data.name === name)!.uid;
  return { model, names, uid };
}

describe('arrangeLayers', () => {
  it('moves one layer a step forward or backward, or to the front or back', () => {
    const { model, names, uid } = stack();
    expect(names(arrangeLayers(model, [uid('b')], 'forward'))).toEqual(['a', 'c', 'b', 'd']);
    expect(names(arrangeLayers(model, [uid('c')], 'backward'))).toEqual(['a', 'c', 'b', 'd']);
    expect(names(arrangeLayers(model, [uid('a')], 'front'))).toEqual(['b', 'c', 'd', 'a']);
    expect(names(arrangeLayers(model, [uid('d')], 'back'))).toEqual(['d', 'a', 'b', 'c']);
  });

  it('moves a selected block as one and keeps its order', () => {
    const { model, names, uid } = stack();
    const ab = [uid('a'), uid('b')];
    expect(names(arrangeLayers(model, ab, 'forward'))).toEqual(['c', 'a', 'b', 'd']);
    expect(names(arrangeLayers(model, ab, 'front'))).toEqual(['c', 'd', 'a', 'b']);
    // At the top already: nothing moves, and the block does not reorder itself.
    const cd = [uid('c'), uid('d')];
    expect(arrangeLayers(model, cd, 'forward')).toBe(model);
    expect(names(arrangeLayers(model, [uid('b'), uid('d')], 'back'))).toEqual(['b', 'd', 'a', 'c']);
  });
});

describe('grouping', () => {
  it('groups selected layers where the top-most was, keeping their place and ids', () => {
    const { model, uid } = stack();
    const ids = model.layers.map((layer) => layer.id);
    const { model: grouped, groupUid } = groupLayers(model, [uid('a'), uid('c')]);
    expect(grouped.layers.map((layer) => layer.kind)).toEqual(['rect', 'group', 'rect']);
    const group = findLayer(grouped, groupUid!)!;
    expect(group.kind === 'group' && group.children.map((child) => child.id)).toEqual([ids[0], ids[2]]);
    expect([group.left, group.top, group.width, group.height]).toEqual([0, 10, 250, 50]);
  });

  it('refuses fewer than two layers', () => {
    const { model, uid } = stack();
    expect(groupLayers(model, [uid('a')])).toEqual({ model, groupUid: null });
  });

  it('ungroups back to the same places, with a moved group moving its members', () => {
    const { model, uid } = stack();
    const { model: grouped, groupUid } = groupLayers(model, [uid('b'), uid('c')]);
    const moved = {
      ...grouped,
      layers: grouped.layers.map((l) => (l.uid === groupUid ? { ...l, left: l.left + 5 } : l)),
    };
    const { model: ungrouped, memberUids } = ungroupLayers(moved as typeof grouped, [groupUid!]);
    expect(memberUids).toEqual([uid('b'), uid('c')]);
    const place = (layer: ModelLayer | undefined) => [layer?.left, layer?.top];
    expect(place(findLayer(ungrouped, uid('b')))).toEqual([105, 10]);
    expect(place(findLayer(ungrouped, uid('c')))).toEqual([205, 10]);
    expect(ungrouped.layers.map((layer) => layer.data.name)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps a text member a text', () => {
    const text = createTextLayer({ left: 300, top: 300 });
    const rect = createRectLayer();
    const model = addLayers(createModel(), [rect, text]);
    const { model: grouped, groupUid } = groupLayers(model, [rect.uid, text.uid]);
    const { model: back } = ungroupLayers(grouped, [groupUid!]);
    expect(back.layers.map((layer) => layer.kind)).toEqual(['rect', 'text']);
    expect(findLayer(back, text.uid)?.left).toBe(300);
  });
});
