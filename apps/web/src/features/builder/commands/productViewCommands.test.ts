import { describe, expect, it } from 'vitest';
import { BuilderEditor } from '../engine/BuilderEditor';
import { createShortcutHandler } from './keyboard';
import { getCommand, runCommand } from './registry';

describe('the canvas view commands', () => {
  it('opens on the product view; shift+P switches to the fields and back, not while a text is edited', () => {
    const editor = new BuilderEditor();
    const handle = createShortcutHandler(editor);
    expect(editor.getState().canvasView).toBe('product');
    expect(handle({ key: 'P', shiftKey: true })?.id).toBe('toggle-product-view');
    expect(editor.getState().canvasView).toBe('fields');
    handle({ key: 'P', shiftKey: true });
    expect(editor.getState().canvasView).toBe('product');
    // A plain p is typing, not the shortcut.
    expect(handle({ key: 'p' })).toBeUndefined();
    editor.setEditingText(true);
    expect(handle({ key: 'P', shiftKey: true })).toBeUndefined();
    expect(editor.getState().canvasView).toBe('product');
  });

  it('sets a view by name (the toolbar switch) without touching the document or its history', () => {
    const editor = new BuilderEditor();
    expect(runCommand(editor, 'set-canvas-view', { view: 'fields' })).toBe(true);
    expect(editor.getState()).toMatchObject({ canvasView: 'fields', dirty: false, canUndo: false });
    expect(getCommand('toggle-product-view').label).toMatch(/product/i);
  });
});
