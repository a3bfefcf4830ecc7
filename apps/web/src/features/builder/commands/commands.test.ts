import { describe, expect, it } from 'vitest';
import { BuilderEditor, type EditorEvent } from '../engine/BuilderEditor';
import { allLayers, createDynamicImageLayer, createRectLayer, createTextLayer } from '../model/index.js';
import { createShortcutHandler, isTypingTarget, type ShortcutEvent } from './keyboard';
import { comboOf, normalizeCombo } from './keys';
import { BUILDER_COMMANDS, keyMap, runCommand } from './registry';

function setup() {
  const editor = new BuilderEditor();
  const slot = createDynamicImageLayer('IMAGE', { left: 10, top: 20 });
  const text = createTextLayer({ left: 100, top: 100 });
  editor.addLayers([slot, text]);
  editor.select([slot.uid]);
  const handle = createShortcutHandler(editor);
  const press = (key: string, modifiers: Partial<ShortcutEvent> = {}) => {
    let prevented = false;
    const command = handle({ key, ...modifiers, preventDefault: () => (prevented = true) });
    return { command: command?.id, prevented };
  };
  return { editor, slot, text, press };
}

describe('the command registry', () => {
  it('never binds one key combination to two commands', () => {
    for (const [combo, commands] of keyMap()) {
      expect(
        commands.map((command) => command.id),
        combo,
      ).toHaveLength(1);
    }
    const ids = BUILDER_COMMANDS.map((command) => command.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has the spec shortcuts', () => {
    const bound = (combo: string) => keyMap().get(normalizeCombo(combo))?.[0]?.id;
    expect(bound('mod+z')).toBe('undo');
    expect(bound('mod+shift+z')).toBe('redo');
    expect(bound('Delete')).toBe('delete');
    expect(bound('Backspace')).toBe('delete');
    expect(bound('mod+c')).toBe('copy');
    expect(bound('mod+v')).toBe('paste');
    expect(bound('mod+minus')).toBe('zoom-out');
    expect(bound('mod+equals')).toBe('zoom-in');
    expect(bound('mod+0')).toBe('zoom-reset');
    expect(bound('ArrowLeft')).toBe('nudge-left');
    expect(bound('shift+ArrowDown')).toBe('nudge-down-10');
  });

  it('reads ctrl and cmd alike, and the shifted Z of redo', () => {
    expect(comboOf({ key: 'z', ctrlKey: true })).toBe('mod+z');
    expect(comboOf({ key: 'z', metaKey: true })).toBe('mod+z');
    expect(comboOf({ key: 'Z', metaKey: true, shiftKey: true })).toBe('mod+shift+z');
    expect(comboOf({ key: '-', ctrlKey: true })).toBe('mod+minus');
    expect(comboOf({ key: '=', ctrlKey: true })).toBe('mod+equals');
  });
});

describe('driving the editor through commands', () => {
  it('undoes with mod+z and redoes with mod+shift+z; the buttons follow canUndo and canRedo', () => {
    const { editor, press } = setup();
    const undo = BUILDER_COMMANDS.find((command) => command.id === 'undo')!;
    const redo = BUILDER_COMMANDS.find((command) => command.id === 'redo')!;
    expect(undo.isEnabled(editor)).toBe(true);
    expect(redo.isEnabled(editor)).toBe(false);
    expect(press('z', { ctrlKey: true }).command).toBe('undo');
    expect(editor.model.layers).toHaveLength(0);
    expect(undo.isEnabled(editor)).toBe(false);
    expect(redo.isEnabled(editor)).toBe(true);
    expect(press('Z', { metaKey: true, shiftKey: true }).command).toBe('redo');
    expect(editor.model.layers).toHaveLength(2);
  });

  it('keeps 50 undo steps', () => {
    const { editor, slot } = setup();
    for (let left = 1; left <= 60; left += 1) editor.updateLayer(slot.uid, { left });
    let steps = 0;
    while (runCommand(editor, 'undo')) steps += 1;
    expect(steps).toBe(50);
    expect(editor.model.layers[0]!.left).toBe(10);
  });

  it('clears redo on a new change', () => {
    const { editor, slot } = setup();
    editor.updateLayer(slot.uid, { left: 50 });
    runCommand(editor, 'undo');
    expect(editor.getState().canRedo).toBe(true);
    editor.updateLayer(slot.uid, { top: 70 });
    expect(editor.getState().canRedo).toBe(false);
    expect(runCommand(editor, 'redo')).toBe(false);
  });

  it('deletes the selection with Delete or Backspace, but not while a text is edited', () => {
    const { editor, text, press } = setup();
    expect(press('Delete').command).toBe('delete');
    expect(editor.model.layers.map((layer) => layer.uid)).toEqual([text.uid]);
    editor.select([text.uid]);
    editor.setEditingText(true);
    expect(press('Backspace').command).toBeUndefined();
    expect(editor.model.layers).toHaveLength(1);
    editor.setEditingText(false);
    expect(press('Backspace').command).toBe('delete');
    expect(editor.model.layers).toHaveLength(0);
  });

  it('pastes copies with new, unique ids, offset and selected, and fires object-modified', () => {
    const { editor, slot, press } = setup();
    const events: EditorEvent[] = [];
    editor.subscribe((event) => events.push(event));
    expect(press('c', { ctrlKey: true }).command).toBe('copy');
    expect(press('v', { ctrlKey: true }).command).toBe('paste');
    expect(press('v', { metaKey: true }).command).toBe('paste');
    const layers = allLayers(editor.model.layers);
    expect(layers).toHaveLength(4);
    const ids = layers.map((layer) => layer.id);
    expect(new Set(ids).size).toBe(ids.length);
    const uids = layers.map((layer) => layer.uid);
    expect(new Set(uids).size).toBe(uids.length);
    const last = editor.model.layers.at(-1)!;
    expect([last.left, last.top]).toEqual([slot.left + 20, slot.top + 20]);
    expect(last.data.dynamicLayerType).toBe('IMAGE');
    expect(editor.selection).toEqual([last.uid]);
    expect(events.filter((event) => event.type === 'object-modified')).toHaveLength(2);
  });

  it('zooms in steps of 0.1 within 0.25 and 2, and resets to 1', () => {
    const { editor, press } = setup();
    press('=', { ctrlKey: true });
    expect(editor.zoom).toBe(1.1);
    for (let i = 0; i < 20; i += 1) press('=', { ctrlKey: true });
    expect(editor.zoom).toBe(2);
    expect(runCommand(editor, 'zoom-in')).toBe(false);
    press('0', { metaKey: true });
    expect(editor.zoom).toBe(1);
    for (let i = 0; i < 20; i += 1) press('-', { ctrlKey: true });
    expect(editor.zoom).toBe(0.25);
    expect(runCommand(editor, 'zoom-out')).toBe(false);
  });

  it('nudges by 1 with an arrow key and 10 with shift, as an object-modified event; locked layers stay', () => {
    const { editor, slot, press } = setup();
    const events: EditorEvent[] = [];
    editor.subscribe((event) => events.push(event));
    press('ArrowRight');
    press('ArrowDown', { shiftKey: true });
    const moved = editor.model.layers[0]!;
    expect([moved.left, moved.top]).toEqual([11, 30]);
    expect(events.filter((event) => event.type === 'object-modified')).toEqual([
      { type: 'object-modified', uids: [slot.uid] },
      { type: 'object-modified', uids: [slot.uid] },
    ]);
    runCommand(editor, 'undo');
    expect(editor.model.layers[0]!.top).toBe(20);
  });

  it('ignores keys while an input, textarea, select or contenteditable has focus', () => {
    const { editor, press } = setup();
    for (const target of [
      { tagName: 'INPUT' },
      { tagName: 'textarea' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
    ]) {
      expect(isTypingTarget(target)).toBe(true);
      const result = press('Backspace', { target });
      expect(result).toEqual({ command: undefined, prevented: false });
    }
    expect(editor.model.layers).toHaveLength(2);
    expect(isTypingTarget({ tagName: 'CANVAS' })).toBe(false);
  });

  it('works after a switch or checkbox was clicked, but leaves radios and sliders their arrows', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'button' })).toBe(false);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'radio' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'range' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    const { editor, press } = setup();
    expect(press('Backspace', { target: { tagName: 'INPUT', type: 'checkbox' } }).command).toBe('delete');
    expect(editor.model.layers).toHaveLength(1);
  });

  it('leaves the keys of a disabled command to the browser, except the zoom keys', () => {
    const editor = new BuilderEditor();
    const handle = createShortcutHandler(editor);
    let prevented = 0;
    const press = (key: string) => handle({ key, ctrlKey: true, preventDefault: () => (prevented += 1) });
    press('c');
    expect(prevented).toBe(0);
    editor.setZoom(2);
    press('=');
    expect(prevented).toBe(1);
    expect(editor.zoom).toBe(2);
  });

  it('leaves keys without a command to the browser', () => {
    const { press } = setup();
    expect(press('a')).toEqual({ command: undefined, prevented: false });
    expect(press('r', { ctrlKey: true })).toEqual({ command: undefined, prevented: false });
  });

  it('adds a rectangle that can be copied even without a slot', () => {
    const editor = new BuilderEditor();
    const rect = createRectLayer();
    editor.addLayers([rect]);
    expect(runCommand(editor, 'copy')).toBe(true);
    expect(runCommand(editor, 'paste')).toBe(true);
    expect(editor.model.layers[1]!.id).not.toBe(editor.model.layers[0]!.id);
  });
});
