import { describe, expect, it } from 'vitest';
import { BuilderEditor } from '../../engine/BuilderEditor';
import { createEllipseLayer, createLineLayer, createRectLayer, findLayer } from '../../model/index.js';
import { hasFill, hasStroke, opacityFromPercent, opacityPercent, resizeCanvas } from './styleValues';
import { EditStep } from '../useEditStep';

describe('style values', () => {
  it('shows opacity in whole per cent and clamps typed values', () => {
    expect(opacityPercent(1)).toBe(100);
    expect(opacityPercent(0.333)).toBe(33);
    expect(opacityFromPercent(45)).toBe(0.45);
    expect(opacityFromPercent(120)).toBe(1);
    expect(opacityFromPercent(-5)).toBe(0);
  });

  it('paints shapes; a line has a stroke but no fill', () => {
    expect(['rect', 'ellipse', 'polygon', 'path', 'line'].every((kind) => hasStroke(kind as 'rect'))).toBe(
      true,
    );
    expect(hasFill('line')).toBe(false);
    expect(hasFill('rect')).toBe(true);
    expect(hasStroke('text')).toBe(false);
    expect(hasFill('image')).toBe(false);
  });

  it('keeps the proportions the canvas had when the edit began', () => {
    const base = { width: 1080, height: 1920 };
    // Typing 7, 72, 720: each step from the same base, so nothing is rounded away.
    expect(resizeCanvas(base, { side: 'width', value: 7 }, true)).toEqual({ width: 7, height: 12 });
    expect(resizeCanvas(base, { side: 'width', value: 720 }, true)).toEqual({ width: 720, height: 1280 });
    expect(resizeCanvas(base, { side: 'height', value: 960 }, true)).toEqual({ width: 540, height: 960 });
    expect(resizeCanvas(base, { side: 'height', value: 500 }, false)).toEqual({ height: 500 });
  });
});

describe('EditStep', () => {
  it('makes every change between focus and blur one undo step', () => {
    const editor = new BuilderEditor();
    const rect = createRectLayer();
    editor.addLayers([rect]);
    const before = findLayer(editor.model, rect.uid);
    const step = new EditStep(editor);
    step.start();
    step.start();
    for (const fill of ['#100000', '#200000', '#300000']) editor.updateLayer(rect.uid, { fill });
    step.end();
    step.end();
    expect(findLayer(editor.model, rect.uid)).toMatchObject({ fill: '#300000' });
    editor.undo();
    expect(findLayer(editor.model, rect.uid)).toEqual(before);
    editor.undo();
    expect(editor.model.layers).toEqual([]);
  });

  it('leaves other gestures alone when it was never started', () => {
    const editor = new BuilderEditor();
    editor.addLayers([createEllipseLayer(), createLineLayer()]);
    const step = new EditStep(editor);
    step.end();
    editor.mark();
    step.end();
    editor.updateLayer(editor.model.layers[0]!.uid, { opacity: 0.5 });
    editor.updateLayer(editor.model.layers[1]!.uid, { opacity: 0.5 });
    editor.commit();
    editor.undo();
    expect(editor.model.layers.map((layer) => layer.opacity)).toEqual([1, 1]);
  });
});
