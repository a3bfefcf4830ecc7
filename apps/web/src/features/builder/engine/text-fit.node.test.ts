/**
 * The canvas draws a text with auto-fit at the size the renderer draws it at: the builder's fitSizeOf
 * against the server renderer's output for the SVG the builder saves. Node only (the server's fonts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadTextFonts, type CustomFont, type FontSource } from '@adloom/renderer';
import { fileFontSource, renderReferenceSvg } from '@adloom/renderer/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addLayers, createModel, createTextLayer, type TextLayer } from '../model/index.js';
import { modelToSvg } from '../svg/modelToSvg.js';
import { setCustomFontUrls } from './fonts.js';
import { TextFitSizes } from './text-fit.js';
import { fitSizeOf } from './text-measure.js';

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

async function facesOf(layer: TextLayer, source: FontSource = fonts, customFonts: CustomFont[] = []) {
  const [faces] = await loadTextFonts(
    [
      {
        request: { family: layer.fontFamily, weight: layer.fontWeight, italic: false },
        characters: layer.text,
      },
    ],
    { source, customFonts, warn: () => undefined },
  );
  return faces!;
}

/**
 * The renderer's output for a model holding one text (resolved SVG: text as glyph outlines), with the
 * brand fonts of the request as generation passes them (additionalFiles.fonts).
 */
const rendered = (layer: TextLayer, source: FontSource = fonts, customFonts: CustomFont[] = []) =>
  renderReferenceSvg(
    {
      template: modelToSvg(addLayers(createModel({ width: 500, height: 300 }), [layer])),
      additionalFiles: {
        fonts: customFonts.map((font) => ({ fontUrl: font.url, fontFamily: font.family })),
      },
    },
    { fonts: source },
  );

/** A catalogue font file of the platform's font assets (@fontsource), standing in for a brand-kit upload. */
function fontAsset(family: string, file: string): Buffer {
  const require = createRequire(import.meta.url);
  return readFileSync(
    path.join(path.dirname(require.resolve(`@fontsource/${family}/package.json`)), 'files', file),
  );
}

const BRAND = 'Acme Headline';
const BRAND_FILES: Readonly<Record<string, Buffer>> = {
  'https://cdn.example/fonts/acme-headline.woff': fontAsset('anton', 'anton-latin-400-normal.woff'),
  'https://cdn.example/fonts/acme-headline-v2.woff': fontAsset('oswald', 'oswald-latin-400-normal.woff'),
};
const [FIRST_FILE, SECOND_FILE] = Object.keys(BRAND_FILES) as [string, string];

/** The server's catalogue fonts, and the brand files from memory (by URL, as the browser fetches them). */
const brandSource: FontSource & { customFonts: string[] } = {
  customFonts: [],
  catalogueFont: (file, signal) => fonts.catalogueFont(file, signal),
  async customFont(url) {
    brandSource.customFonts.push(url);
    const bytes = BRAND_FILES[url];
    if (!bytes) throw new Error(`no font at ${url}`);
    return bytes;
  },
};

/** The renderer's fitted size for a text in a custom font, read from its output: the size drawn the same. */
async function expectRendererDrawsAt(layer: TextLayer, size: number, customFonts: CustomFont[]) {
  const atSize = { ...layer, fit: null, fontSize: size };
  const [fitted, plain, larger] = await Promise.all([
    rendered(layer, brandSource, customFonts),
    rendered(atSize, brandSource, customFonts),
    rendered({ ...atSize, fontSize: size + 1 }, brandSource, customFonts),
  ]);
  expect(fitted).toBe(plain);
  expect(fitted).not.toBe(larger);
}

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

  describe('in a brand-kit font', () => {
    afterEach(() => {
      setCustomFontUrls([]);
      vi.restoreAllMocks();
    });

    it('is measured with the brand file once its URL is known, and again when it changes', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      // A box where the three faces fit different sizes (Open Sans 31, Anton 37, Oswald 39).
      const layer = fittedText({
        fontFamily: BRAND,
        fontWeight: 400,
        width: 300,
        fit: { height: 200, minFontSize: 16 },
      });
      const ready = vi.fn();
      const sizes = new TextFitSizes(async () => brandSource, ready);
      try {
        // The file is not known yet: the renderer's fallback family (Open Sans) stands in, with a warning.
        expect(sizes.sizeOf(layer)).toBeUndefined();
        await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
        const fallback = sizes.sizeOf(layer)!;
        expect(fallback).toBe(fitSizeOf(layer, await facesOf({ ...layer, fontFamily: 'Open Sans' })));
        expect(warn).toHaveBeenCalledWith(expect.stringContaining(`'${BRAND}' is not in the catalogue`));
        expect(brandSource.customFonts).toEqual([]);

        // The brand kit's file becomes known: measured again with it (the old size shown meanwhile).
        setCustomFontUrls([{ family: BRAND, url: FIRST_FILE }]);
        expect(ready).toHaveBeenCalledTimes(2);
        // (The view asks again when called back.)
        expect(sizes.sizeOf(layer)).toBe(fallback);
        await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(3));
        const brand = sizes.sizeOf(layer)!;
        expect(brandSource.customFonts).toEqual([FIRST_FILE]);
        expect(brand).not.toBe(fallback);
        const firstFonts = [{ family: BRAND, url: FIRST_FILE }];
        expect(brand).toBe(fitSizeOf(layer, await facesOf(layer, brandSource, firstFonts)));
        // What the renderer draws the ad at, given the brand font as the request's custom font.
        await expectRendererDrawsAt(layer, brand, firstFonts);

        // The family's file changes (a new upload under the same name): measured with the new one.
        setCustomFontUrls([{ family: BRAND, url: SECOND_FILE }]);
        expect(ready).toHaveBeenCalledTimes(4);
        // (The view asks again when called back.)
        expect(sizes.sizeOf(layer)).toBe(brand);
        await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(5));
        const second = sizes.sizeOf(layer)!;
        expect(brandSource.customFonts).toEqual([FIRST_FILE, SECOND_FILE]);
        expect(second).not.toBe(brand);
        await expectRendererDrawsAt(layer, second, [{ family: BRAND, url: SECOND_FILE }]);

        // A file for another family changes nothing here.
        setCustomFontUrls([
          { family: BRAND, url: SECOND_FILE },
          { family: 'Other Brand', url: FIRST_FILE },
        ]);
        expect(ready).toHaveBeenCalledTimes(5);
      } finally {
        sizes.dispose();
      }
    });

    it('stops listening for brand files once disposed', async () => {
      const layer = fittedText({ fontFamily: 'Lato', fontWeight: 400 });
      const ready = vi.fn();
      const sizes = new TextFitSizes(async () => brandSource, ready);
      sizes.sizeOf(layer);
      await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
      sizes.dispose();
      // A brand font named like a catalogue family wins over it, as in the renderer; nobody is told now.
      setCustomFontUrls([{ family: 'Lato', url: FIRST_FILE }]);
      expect(ready).toHaveBeenCalledTimes(1);
    });
  });
});
