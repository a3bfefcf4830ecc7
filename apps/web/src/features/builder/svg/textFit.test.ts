/** Text auto-fit in the saved template: the fit fields are written as the renderer reads them, and read back. */
import { describe, expect, it } from 'vitest';
import { addLayers, createModel, createTextLayer, updateLayer, type TextLayer } from '../model/index.js';
import { modelToSvg } from './modelToSvg.js';
import { svgToModel } from './svgToModel.js';
import { withoutUids } from './testModels.js';

const textOf = (svg: string) => /<text [^>]*>/.exec(svg)![0];

describe('text auto-fit fields', () => {
  const fitted = createTextLayer({
    left: 40,
    top: 60,
    width: 500,
    text: '{title}',
    fontSize: 72,
    fit: { height: 180.5, minFontSize: 24 },
  });
  const model = addLayers(createModel({ width: 600, height: 400 }), [fitted]);

  it('are off by default, and a text without them writes neither attribute', () => {
    const plain = createTextLayer({ text: 'Sale' });
    expect(plain.fit).toBeNull();
    const svg = modelToSvg(addLayers(createModel(), [plain]));
    expect(textOf(svg)).not.toContain('data-height');
    expect(textOf(svg)).not.toContain('data-min-font-size');
    expect((svgToModel(svg).layers[0] as TextLayer).fit).toBeNull();
  });

  it('are written as data-height and data-min-font-size beside the box, and read back without loss', () => {
    const svg = modelToSvg(model);
    expect(textOf(svg)).toContain('data-width="500"');
    expect(textOf(svg)).toContain('data-height="180.5"');
    expect(textOf(svg)).toContain('data-min-font-size="24"');
    expect(textOf(svg)).toContain('font-size="72"');
    const read = svgToModel(svg);
    expect((read.layers[0] as TextLayer).fit).toEqual({ height: 180.5, minFontSize: 24 });
    expect(withoutUids(read)).toEqual(withoutUids(model));
    expect(modelToSvg(read)).toBe(svg);
  });

  it('are set and cleared by a layer patch (one undo step in the editor), and checked', () => {
    const uid = model.layers[0]!.uid;
    const off = updateLayer(model, uid, { fit: null });
    expect((off.layers[0] as TextLayer).fit).toBeNull();
    expect(textOf(modelToSvg(off))).not.toContain('data-height');
    const on = updateLayer(off, uid, { fit: { height: 90.123, minFontSize: 12 } });
    expect((on.layers[0] as TextLayer).fit).toEqual({ height: 90.12, minFontSize: 12 });
    expect(() => updateLayer(off, uid, { fit: { height: 0, minFontSize: 12 } })).toThrow(RangeError);
    expect(() => updateLayer(off, uid, { fit: { height: 90, minFontSize: -1 } })).toThrow(RangeError);
  });

  it('need both attributes, as the renderer does: one alone reads as no fit', () => {
    const svg = modelToSvg(model).replace(' data-min-font-size="24"', '');
    expect((svgToModel(svg).layers[0] as TextLayer).fit).toBeNull();
  });
});
