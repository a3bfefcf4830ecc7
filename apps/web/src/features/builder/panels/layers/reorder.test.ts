import { describe, expect, it } from 'vitest';
import { createShortcutHandler } from '../../commands/keyboard';
import { BuilderEditor } from '../../engine/BuilderEditor';
import {
  createGroupLayer,
  createRectLayer,
  findLayer,
  moveGroupMember,
  moveLayer,
  type ModelLayer,
} from '../../model/index.js';
import { modelToSvg, svgToModel } from '../../svg/index.js';
import { selectFromList, type LayerListContext } from './LayerRow';

const uids = (layers: readonly ModelLayer[]) => layers.map((layer) => layer.uid);

function editorWith(...names: string[]) {
  const editor = new BuilderEditor();
  editor.addLayers(names.map((uid) => createRectLayer({ uid, data: { name: uid } })));
  return editor;
}

describe('moving a layer to an index (a drop in the layers panel)', () => {
  it('is one undo step, redone as one, and saved in the new drawing order', () => {
    const editor = editorWith('a', 'b', 'c', 'd');
    // The list shows d c b a; dragging a (bottom) to the top of the list is index 3 of the model.
    expect(editor.moveLayerTo('a', 3)).toBe(true);
    expect(uids(editor.model.layers)).toEqual(['b', 'c', 'd', 'a']);
    expect(svgToModel(modelToSvg(editor.model)).layers.map((layer) => layer.data.name)).toEqual([
      'b',
      'c',
      'd',
      'a',
    ]);
    editor.undo();
    expect(uids(editor.model.layers)).toEqual(['a', 'b', 'c', 'd']);
    expect(editor.getState().canUndo).toBe(true); // the adding is still there
    editor.redo();
    expect(uids(editor.model.layers)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('clamps the index, records nothing for a drop in place, and ignores a stale uid', () => {
    const editor = editorWith('a', 'b', 'c');
    editor.moveLayerTo('c', 99);
    expect(uids(editor.model.layers)).toEqual(['a', 'b', 'c']);
    editor.moveLayerTo('c', -5);
    expect(uids(editor.model.layers)).toEqual(['c', 'a', 'b']);
    editor.undo();
    expect(uids(editor.model.layers)).toEqual(['a', 'b', 'c']);
    const before = editor.model;
    editor.moveLayerTo('gone', 0);
    expect(editor.model).toBe(before);
  });

  it('moves a group member among its siblings only', () => {
    const group = createGroupLayer([
      createRectLayer({ uid: 'm1', left: 0 }),
      createRectLayer({ uid: 'm2', left: 50 }),
      createRectLayer({ uid: 'm3', left: 100 }),
    ]);
    const model = moveLayer(
      { ...new BuilderEditor().model, layers: [createRectLayer({ uid: 'top' }), group] },
      'm1',
      2,
    );
    const moved = model.layers[1]!;
    expect(moved.kind === 'group' && uids(moved.children)).toEqual(['m2', 'm3', 'm1']);
    expect(uids(model.layers)).toEqual(['top', group.uid]);
  });
});

describe("moving a group member (a drop in a group's member list)", () => {
  const memberUids = (editor: BuilderEditor) => {
    const group = findLayer(editor.model, 'g');
    return group?.kind === 'group' ? uids(group.children) : [];
  };

  it('is one undo step, redone as one, and saved in the new drawing order', () => {
    const editor = new BuilderEditor();
    editor.addLayers([
      createGroupLayer(
        ['m1', 'm2', 'm3'].map((uid, at) => createRectLayer({ uid, left: at * 50, data: { name: uid } })),
        { uid: 'g', data: { name: 'g' } },
      ),
    ]);
    // The list shows m3 m2 m1; dropping m1 at the top of it is index 2 of the group's members.
    expect(editor.change((model) => moveGroupMember(model, 'g', 'm1', 2))).toBe(true);
    expect(memberUids(editor)).toEqual(['m2', 'm3', 'm1']);
    const saved = svgToModel(modelToSvg(editor.model)).layers[0]!;
    expect(saved.kind === 'group' && saved.children.map((layer) => layer.data.name)).toEqual([
      'm2',
      'm3',
      'm1',
    ]);
    editor.undo();
    expect(memberUids(editor)).toEqual(['m1', 'm2', 'm3']);
    expect(editor.getState().canUndo).toBe(true); // the adding is still there
    editor.redo();
    expect(memberUids(editor)).toEqual(['m2', 'm3', 'm1']);
  });
});

describe('selecting in the layers panel', () => {
  function context(editor: BuilderEditor): LayerListContext {
    return { editor, selection: editor.selection, renamingUid: null, setRenamingUid: () => {} };
  }

  it('selects one layer on a click, and adds or takes out with shift or ctrl', () => {
    const editor = editorWith('a', 'b', 'c');
    selectFromList(context(editor), 'a', false);
    expect(editor.selection).toEqual(['a']);
    selectFromList(context(editor), 'c', true);
    expect(editor.selection).toEqual(['a', 'c']);
    selectFromList(context(editor), 'a', true);
    expect(editor.selection).toEqual(['c']);
    selectFromList(context(editor), 'b', false);
    expect(editor.selection).toEqual(['b']);
  });

  it('never selects a locked layer', () => {
    const editor = editorWith('a', 'b');
    editor.setLocked(['b'], true);
    selectFromList(context(editor), 'a', false);
    selectFromList(context(editor), 'b', true);
    expect(editor.selection).toEqual(['a']);
  });
});

describe('the keyboard drag of the layers list', () => {
  it('leaves arrow keys it handled (default prevented) to itself: the selection is not nudged', () => {
    const editor = editorWith('a');
    const handle = createShortcutHandler(editor);
    const before = editor.model;
    const arrow = { key: 'ArrowUp', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
    expect(handle({ ...arrow, defaultPrevented: true })).toBeUndefined();
    expect(editor.model).toBe(before);
    expect(handle(arrow)?.id).toBe('nudge-up');
    expect(editor.model).not.toBe(before);
  });
});
