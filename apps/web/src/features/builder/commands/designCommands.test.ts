import { describe, expect, it } from 'vitest';
import { BuilderEditor } from '../engine/BuilderEditor';
import { createGroupLayer, createRectLayer, createTextLayer } from '../model/index.js';
import { createShortcutHandler, type ShortcutEvent } from './keyboard';
import { comboOfCode } from './keys';
import { BUILDER_COMMANDS, keyMap, runCommand } from './registry';
import { formatCombo, shortcutRows } from './shortcutSheet';

function setup() {
  const editor = new BuilderEditor();
  const a = createRectLayer({ left: 10, top: 10 });
  const b = createRectLayer({ left: 300, top: 10 });
  const locked = createTextLayer({ left: 10, top: 400, locked: true });
  editor.addLayers([a, b, locked]);
  editor.select([]);
  const handle = createShortcutHandler(editor);
  const press = (key: string, modifiers: Partial<ShortcutEvent> = {}) => {
    let prevented = false;
    const command = handle({ key, ...modifiers, preventDefault: () => (prevented = true) });
    return { command: command?.id, prevented };
  };
  return { editor, a, b, locked, press };
}

describe('the design tools’ keys', () => {
  it('selects every layer with ctrl/cmd+a, keeping the browser from selecting the page', () => {
    const { editor, a, b, press } = setup();
    expect(press('a', { ctrlKey: true })).toEqual({ command: 'select-all', prevented: true });
    // The locked layer cannot be selected.
    expect(editor.selection).toEqual([a.uid, b.uid]);
  });

  it('deselects with Esc', () => {
    const { editor, a, press } = setup();
    editor.select([a.uid]);
    expect(press('Escape').command).toBe('deselect');
    expect(editor.selection).toEqual([]);
    // Nothing selected: Esc is left to the page (a menu, a dialog).
    expect(press('Escape')).toEqual({ command: undefined, prevented: false });
  });

  it('duplicates with ctrl/cmd+d (never the bookmark), offset and selected, leaving the clipboard', () => {
    const { editor, a, press } = setup();
    editor.select([a.uid]);
    expect(press('d', { metaKey: true })).toEqual({ command: 'duplicate', prevented: true });
    const copy = editor.model.layers.at(-1)!;
    expect([copy.left, copy.top]).toEqual([20, 20]);
    expect(copy.id).not.toBe(a.id);
    expect(editor.selection).toEqual([copy.uid]);
    expect(editor.getState().canPaste).toBe(false);
    press('z', { ctrlKey: true });
    expect(editor.model.layers).toHaveLength(3);
  });

  it('groups with ctrl/cmd+g and ungroups with ctrl/cmd+shift+g, one undo step each', () => {
    const { editor, a, b, press } = setup();
    editor.select([a.uid, b.uid]);
    expect(press('g', { ctrlKey: true })).toEqual({ command: 'group', prevented: true });
    expect(editor.model.layers.map((layer) => layer.kind)).toEqual(['group', 'text']);
    const group = editor.model.layers[0]!;
    expect(editor.selection).toEqual([group.uid]);
    expect(press('G', { ctrlKey: true, shiftKey: true }).command).toBe('ungroup');
    expect(editor.model.layers.map((layer) => layer.uid)).toEqual([a.uid, b.uid, expect.any(String)]);
    expect(editor.selection).toEqual([a.uid, b.uid]);
    press('z', { ctrlKey: true });
    expect(editor.model.layers[0]!.kind).toBe('group');
  });

  it('keeps ctrl/cmd+g from the browser even with nothing to group', () => {
    const { press } = setup();
    expect(press('g', { ctrlKey: true })).toEqual({ command: undefined, prevented: true });
  });

  it('reorders with [ and ], and with shift to the back or front (read by the physical key)', () => {
    const { editor, a, b, locked, press } = setup();
    editor.select([a.uid]);
    expect(press(']').command).toBe('bring-forward');
    expect(editor.model.layers.map((layer) => layer.uid)).toEqual([b.uid, a.uid, locked.uid]);
    expect(press('[', { ctrlKey: true }).command).toBe('send-backward');
    expect(editor.model.layers.map((layer) => layer.uid)).toEqual([a.uid, b.uid, locked.uid]);
    // shift+] types '}': the physical key says which.
    expect(press('}', { shiftKey: true, code: 'BracketRight' }).command).toBe('bring-to-front');
    expect(editor.model.layers.map((layer) => layer.uid)).toEqual([b.uid, locked.uid, a.uid]);
    expect(press('{', { shiftKey: true, code: 'BracketLeft' }).command).toBe('send-to-back');
    expect(editor.model.layers[0]!.uid).toBe(a.uid);
  });

  it('reads shifted digits and other layouts by the physical key', () => {
    expect(comboOfCode({ key: '!', shiftKey: true, code: 'Digit1' })).toBe('shift+1');
    expect(comboOfCode({ key: 'ы', ctrlKey: true, code: 'KeyS' })).toBe('mod+s');
    expect(comboOfCode({ key: '+', ctrlKey: true, code: 'NumpadAdd' })).toBe('mod+plus');
    expect(comboOfCode({ key: 'F5', code: 'F5' })).toBeUndefined();
  });

  it('zooms in with ctrl/cmd and the + the user sees: shift+=, the keypad, or a layout’s own +', () => {
    const { editor, press } = setup();
    press('+', { ctrlKey: true, shiftKey: true, code: 'Equal' });
    expect(editor.zoom).toBe(1.1);
    press('+', { ctrlKey: true, code: 'NumpadAdd' });
    expect(editor.zoom).toBe(1.2);
    press('-', { ctrlKey: true, code: 'NumpadSubtract' });
    press('-', { ctrlKey: true, code: 'Minus' });
    expect(editor.zoom).toBe(1);
    editor.setZoom(0.5);
    press('0', { ctrlKey: true, code: 'Numpad0' });
    expect(editor.zoom).toBe(1);
  });

  it('saves with ctrl/cmd+s through the screen’s save action, and never lets the browser save the page', () => {
    const { editor, press } = setup();
    expect(press('s', { ctrlKey: true })).toEqual({ command: undefined, prevented: true });
    let saves = 0;
    editor.workspace.setSaveAction(() => (saves += 1));
    expect(press('s', { metaKey: true })).toEqual({ command: 'save', prevented: true });
    expect(saves).toBe(1);
  });

  it('fits with shift+1 once the canvas is measured', () => {
    const { editor, press } = setup();
    expect(press('!', { shiftKey: true, code: 'Digit1' }).command).toBeUndefined();
    editor.workspace.setViewport({
      size: () => ({ width: 588, height: 500 }),
      centre: () => ({ x: 0, y: 0 }),
    });
    expect(press('!', { shiftKey: true, code: 'Digit1' }).command).toBe('zoom-fit');
    // 1080 × 1080 in 500 − 2 × 24 pixels.
    expect(editor.zoom).toBe(0.41);
    expect(editor.workspace.isFitted).toBe(true);
    press('=', { ctrlKey: true });
    expect(editor.zoom).toBe(0.5);
    expect(editor.workspace.isFitted).toBe(false);
  });

  it('fits a canvas too big for the spec’s 0.25 below it', () => {
    const { editor } = setup();
    editor.setDocument({ width: 1080, height: 1920 });
    editor.workspace.setViewport({
      size: () => ({ width: 400, height: 348 }),
      centre: () => ({ x: 0, y: 0 }),
    });
    editor.workspace.fit();
    expect(editor.zoom).toBe(0.15);
    expect(editor.canZoomOut).toBe(false);
  });

  it('opens the shortcut sheet with ? and hides or shows both panels with ctrl/cmd+\\', () => {
    const { editor, press } = setup();
    expect(press('?', { shiftKey: true, code: 'Slash' }).command).toBe('shortcuts');
    expect(editor.workspace.getState().shortcutsOpen).toBe(true);
    press('\\', { ctrlKey: true });
    expect([editor.workspace.getState().leftPanel, editor.workspace.getState().rightPanel]).toEqual([
      false,
      false,
    ]);
  });
});

describe('the side panels', () => {
  const panels = (editor: BuilderEditor) => {
    const { leftPanel, rightPanel } = editor.workspace.getState();
    return { leftPanel, rightPanel };
  };

  it('fold and open one by one in a wide window', () => {
    const editor = new BuilderEditor();
    runCommand(editor, 'toggle-left-panel');
    expect(panels(editor)).toEqual({ leftPanel: false, rightPanel: true });
    runCommand(editor, 'toggle-left-panel');
    expect(panels(editor)).toEqual({ leftPanel: true, rightPanel: true });
  });

  it('take turns in a narrow window, so the canvas keeps its room', () => {
    const editor = new BuilderEditor();
    editor.workspace.setNarrow(true);
    editor.workspace.setPanels({ left: false, right: true });
    runCommand(editor, 'toggle-left-panel');
    expect(panels(editor)).toEqual({ leftPanel: true, rightPanel: false });
    runCommand(editor, 'toggle-right-panel');
    expect(panels(editor)).toEqual({ leftPanel: false, rightPanel: true });
    runCommand(editor, 'toggle-panels');
    expect(panels(editor)).toEqual({ leftPanel: false, rightPanel: false });
    runCommand(editor, 'toggle-panels');
    expect(panels(editor)).toEqual({ leftPanel: true, rightPanel: false });
  });
});

describe('the shortcut sheet', () => {
  it('lists every command that has keys, with all its keys, from the registry', () => {
    const rows = shortcutRows('other');
    const withKeys = BUILDER_COMMANDS.filter((command) => command.keys.length > 0);
    expect(rows.map((row) => row.id)).toEqual(withKeys.map((command) => command.id));
    expect(rows.flatMap((row) => row.keys)).toHaveLength([...keyMap().keys()].length);
    expect(rows.find((row) => row.id === 'redo')).toEqual({
      id: 'redo',
      label: 'Redo',
      keys: ['Ctrl+Shift+Z'],
    });
  });

  it('writes the keys as each platform does', () => {
    expect(formatCombo('mod+shift+z', 'mac')).toBe('⌘⇧Z');
    expect(formatCombo('mod+shift+z', 'other')).toBe('Ctrl+Shift+Z');
    expect(formatCombo('mod+minus', 'other')).toBe('Ctrl+-');
    expect(formatCombo('shift+ArrowDown', 'mac')).toBe('⇧↓');
    expect(formatCombo('Escape', 'other')).toBe('Esc');
    expect(formatCombo('shift+1', 'other')).toBe('Shift+1');
  });

  it('shows a command added to the registry without anything else', () => {
    const extra = {
      id: 'undo',
      label: 'Something new',
      keys: ['alt+n'],
      isEnabled: () => true,
      run: () => {},
    } as const;
    const rows = shortcutRows('mac', [...BUILDER_COMMANDS, extra]);
    expect(rows.at(-1)).toEqual({ id: 'undo', label: 'Something new', keys: ['⌥N'] });
  });
});

describe('the group command', () => {
  it('is offered for two or more unlocked top-level layers only', () => {
    const editor = new BuilderEditor();
    const group = createGroupLayer([createRectLayer(), createRectLayer({ left: 300 })]);
    editor.addLayers([group]);
    const handle = createShortcutHandler(editor);
    expect(handle({ key: 'g', ctrlKey: true })).toBeUndefined();
    expect(handle({ key: 'g', ctrlKey: true, shiftKey: true })?.id).toBe('ungroup');
  });
});
