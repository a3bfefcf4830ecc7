import { BUILDER_ERRORS } from '@adloom/template';
import { describe, expect, it } from 'vitest';
import {
  createDynamicImageLayer,
  createRatingLayer,
  createRectLayer,
  createTextLayer,
} from '../model/index.js';
import { modelToSvg } from '../svg/index.js';
import { BuilderEditor, type EditorEvent } from './BuilderEditor';

function editorWithLayers() {
  const editor = new BuilderEditor();
  const slot = createDynamicImageLayer('IMAGE', { left: 10, top: 20 });
  const text = createTextLayer({ left: 100, top: 100 });
  editor.addLayers([slot, text]);
  return { editor, slot, text };
}

describe('BuilderEditor', () => {
  it('starts as a new template: no layers, the default name, clean, zoom 1', () => {
    const state = new BuilderEditor().getState();
    expect(state.model.layers).toEqual([]);
    expect(state.model.name).toBe('New Template');
    expect(state.dirty).toBe(false);
    expect(state.zoom).toBe(1);
    expect(state.canUndo).toBe(false);
  });

  it('loads what it saves, clean, and round-trips the SVG', () => {
    const { editor } = editorWithLayers();
    const svg = editor.toSvg();
    const other = new BuilderEditor();
    other.addLayers([createRectLayer()]);
    expect(other.getState().dirty).toBe(true);
    expect(other.load(svg)).toBe(true);
    expect(other.getState().dirty).toBe(false);
    expect(other.getState().canUndo).toBe(false);
    expect(other.model.layers.map((layer) => layer.id)).toEqual(editor.model.layers.map((layer) => layer.id));
    expect(other.toSvg()).toBe(svg);
  });

  it('takes the name the template has now (renamed, or named when copied from the library), clean', () => {
    const { editor } = editorWithLayers();
    const svg = editor.toSvg('Blur Luxe');
    const other = new BuilderEditor();
    expect(other.load(svg, [], 'Spring sale')).toBe(true);
    expect(other.model.name).toBe('Spring sale');
    expect(other.getState().dirty).toBe(false);
    expect(other.toSvg()).toContain('Spring sale');
    expect(other.toSvg()).not.toContain('Blur Luxe');
  });

  it('counts the documents loaded, so the canvas knows when a template just came (its font preload)', () => {
    const { editor } = editorWithLayers();
    const svg = editor.toSvg();
    const other = new BuilderEditor();
    const before = other.getState().loads;
    other.load(svg);
    expect(other.getState().loads).toBe(before + 1);
    other.addLayers([createRectLayer()]);
    expect(other.getState().loads).toBe(before + 1);
    other.loadNew();
    expect(other.getState().loads).toBe(before + 2);
  });

  it('resets before loading, and a template not made with the builder leaves the reset editor with the spec error', () => {
    const editor = new BuilderEditor();
    editor.addLayers([createRectLayer()]);
    editor.setDocument({ name: 'Mine' });
    const loaded = editor.load(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect id="MAIN_001" width="10" height="10"/></svg>',
    );
    expect(loaded).toBe(false);
    const state = editor.getState();
    expect(state.error).toBe(BUILDER_ERRORS.notBuilderTemplate);
    expect(state.model.layers).toEqual([]);
    expect(state.model.name).toBe('New Template');
    expect(state.dirty).toBe(false);
    expect(editor.saveCheck().ok).toBe(false);
  });

  it('is dirty after an edit and clean after a save or after undoing back', () => {
    const editor = new BuilderEditor();
    editor.addLayers([createRectLayer()]);
    expect(editor.getState().dirty).toBe(true);
    editor.markSaved();
    expect(editor.getState().dirty).toBe(false);
    editor.setDocument({ name: 'Renamed' });
    expect(editor.getState().dirty).toBe(true);
    editor.undo();
    expect(editor.getState().dirty).toBe(false);
  });

  it('turns a RangeError of a change into the error text and changes nothing', () => {
    const editor = new BuilderEditor();
    const rating = createRatingLayer();
    editor.addLayers([rating]);
    const before = editor.model;
    expect(editor.updateLayer(rating.uid, { value: 9 })).toBe(false);
    expect(editor.getState().error).toBe('Rating must be between 1 and 5');
    expect(editor.model).toBe(before);
    expect(editor.setLayerData(rating.uid, { dynamicLayerType: 'IMAGE' })).toBe(false);
    expect(editor.getState().error).toMatch(/must be a rectangle or an image/);
    expect(editor.updateLayer(rating.uid, { value: 4 })).toBe(true);
    expect(editor.getState().error).toBeNull();
  });

  it('makes a drag between mark and commit one undo step', () => {
    const { editor, slot } = editorWithLayers();
    editor.mark();
    for (let left = 11; left <= 30; left += 1) editor.updateLayer(slot.uid, { left });
    editor.commit();
    editor.undo();
    expect(editor.model.layers[0]!.left).toBe(10);
  });

  it('keeps the selection to layers in the document, and never selects a locked one', () => {
    const { editor, slot, text } = editorWithLayers();
    editor.select([slot.uid, 'nope', text.uid]);
    expect(editor.selection).toEqual([slot.uid, text.uid]);
    editor.deleteSelection();
    expect(editor.model.layers).toEqual([]);
    expect(editor.selection).toEqual([]);
    editor.undo();
    editor.setLocked([slot.uid], true);
    editor.select([slot.uid]);
    expect(editor.selection).toEqual([]);
  });

  it('notifies listeners with a new state object, and fires object-modified for nudges', () => {
    const { editor, slot } = editorWithLayers();
    const events: EditorEvent[] = [];
    const unsubscribe = editor.subscribe((event) => events.push(event));
    const before = editor.getState();
    editor.select([slot.uid]);
    expect(editor.getState()).not.toBe(before);
    editor.nudge('ArrowRight', false);
    expect(events.at(-1)).toEqual({ type: 'object-modified', uids: [slot.uid] });
    unsubscribe();
    editor.nudge('ArrowRight', false);
    expect(events.at(-1)).toEqual({ type: 'object-modified', uids: [slot.uid] });
    expect(editor.model.layers[0]!.left).toBe(12);
  });

  it('writes a valid builder SVG for a document that may be saved', () => {
    const { editor } = editorWithLayers();
    expect(editor.saveCheck().ok).toBe(true);
    expect(editor.toSvg()).toBe(modelToSvg(editor.model));
  });

  it('writes the document under another name for a copy, and keeps its own name and history', () => {
    const { editor } = editorWithLayers();
    const before = editor.getState();
    const copy = new BuilderEditor();
    expect(copy.load(editor.toSvg('Copy of New Template'))).toBe(true);
    expect(copy.model.name).toBe('Copy of New Template');
    expect(copy.model.layers.map((layer) => layer.id)).toEqual(editor.model.layers.map((layer) => layer.id));
    expect(editor.getState()).toBe(before);
    expect(editor.model.name).toBe('New Template');
  });
});
