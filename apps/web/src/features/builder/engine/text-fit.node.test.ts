/**
 * The canvas draws a text with auto-fit at the size the renderer draws it at: the builder's fitSizeOf
 * against the server renderer's output for the SVG the builder saves. Node only (the server's fonts).
 */
import { loadTextFonts, type FontSource } from '@adloom/renderer';
import { fileFontSource, renderReferenceSvg } from '@adloom/renderer/server';
import { describe, expect, it, vi } from 'vitest';
import { addLayers, createModel, createTextLayer, type TextLayer } from '../model/index.js';
import { modelToSvg } from '../svg/modelToSvg.js';
import { TextFitSizes, fitSizeOf } from './text-fit.js';

const fonts: FontSource = fileFontSource();
const TITLE = 'Explorer waterproof hiking backpack with padded laptop sleeve';

function fittedText(init: Partial<TextLayer> = {}): TextLayer {
  return createTextLayer({
    left: 30,
    top: 40,
    width: 420,
    text: TITLE,
    fontFamily: 'Montserrat',
    fontWeight: 700,
    fontSize: 90,
    textAlign: 'left',
    fit: { height: 150, minFontSize: 16 },
    ...init,
  });
}

async function facesOf(layer: TextLayer) {
  const [faces] = await loadTextFonts(
    [
      {
        request: { family: layer.fontFamily, weight: layer.fontWeight, italic: false },
        characters: layer.text,
      },
    ],
    { source: fonts, customFonts: [], warn: () => undefined },
  );
  return faces!;
}

/** The renderer's output for a model holding one text (resolved SVG: text as glyph outlines). */
const rendered = (layer: TextLayer) =>
  renderReferenceSvg(
    { template: modelToSvg(addLayers(createModel({ width: 500, height: 300 }), [layer])) },
    { fonts },
  );

describe('the canvas size of a text with auto-fit', () => {
  it('is the size the renderer draws the saved template at', async () => {
    const layer = fittedText();
    const size = fitSizeOf(layer, await facesOf(layer));
    expect(size).toBeLessThan(90);
    expect(size).toBeGreaterThan(16);
    const atSize = { ...layer, fit: null, fontSize: size };
    const [fitted, plain, larger] = await Promise.all([
      rendered(layer),
      rendered(atSize),
      rendered({ ...atSize, fontSize: size + 1 }),
    ]);
    expect(fitted).toBe(plain);
    expect(fitted).not.toBe(larger);
  });

  it('is the font size for a short text that fits, and for a text without a fit', async () => {
    const short = fittedText({ text: 'Sale' });
    expect(fitSizeOf(short, await facesOf(short))).toBe(90);
    const off = fittedText({ fit: null });
    expect(fitSizeOf(off, await facesOf(off))).toBe(90);
  });

  it('is the minimum when the text cannot fit', async () => {
    const layer = fittedText({ text: `${TITLE} `.repeat(10).trim(), fit: { height: 60, minFontSize: 20 } });
    expect(fitSizeOf(layer, await facesOf(layer))).toBe(20);
  });

  it('is known once the faces are in: TextFitSizes loads them and calls back', async () => {
    const layer = fittedText();
    const ready = vi.fn();
    const sizes = new TextFitSizes(async () => fonts, ready);
    expect(sizes.sizeOf(layer)).toBeUndefined();
    await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
    expect(sizes.sizeOf(layer)).toBe(fitSizeOf(layer, await facesOf(layer)));
    expect(sizes.sizeOf({ ...layer, fit: null })).toBe(90);
    expect(ready).toHaveBeenCalledTimes(1);
  });
});
