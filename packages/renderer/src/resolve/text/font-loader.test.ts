import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { RENDERER_ERRORS } from '@adloom/template';
import { describe, expect, it } from 'vitest';
import { RendererError } from '../errors.js';
import { FontCache, loadTextFonts, parseFont, type FontSource } from './font-loader.js';

const require = createRequire(import.meta.url);
const woff = (name: string) => readFileSync(require.resolve(`@fontsource/open-sans/files/${name}`));

/** Serves Open Sans WOFF files for any catalogue name, counting the calls. */
function woffSource(calls: string[] = []): FontSource {
  return {
    async catalogueFont(file) {
      calls.push(file);
      const subset = /-(cyrillic|latin-ext|greek)\.ttf$/.exec(file)?.[1] ?? 'latin';
      return woff(`open-sans-${subset}-400-normal.woff`);
    },
    async customFont(url) {
      calls.push(url);
      return woff('open-sans-latin-700-normal.woff');
    },
  };
}

const need = (characters: string, family = 'Open Sans') => ({
  request: { family, weight: 400, italic: false },
  characters,
});

describe('parseFont', () => {
  it('reads WOFF and refuses WOFF2 with advice', () => {
    expect(parseFont(woff('open-sans-latin-400-normal.woff')).unitsPerEm).toBe(2048);
    expect(() => parseFont(woff('open-sans-latin-400-normal.woff2'))).toThrow(/WOFF2 .* TTF, OTF or WOFF/);
  });

  it('reads a font that sits inside a larger buffer (a Node Buffer from the shared pool)', () => {
    const font = woff('open-sans-latin-400-normal.woff');
    const pool = Buffer.concat([Buffer.from('{"not":"a font"}'), font]);
    expect(parseFont(pool.subarray(16)).unitsPerEm).toBe(2048);
  });
});

describe('loadTextFonts', () => {
  it('loads only the subsets the text needs, once per file', async () => {
    const calls: string[] = [];
    const cache = new FontCache();
    const faces = await loadTextFonts([need('Hello'), need('Привет')], {
      source: woffSource(calls),
      customFonts: [],
      warn: () => {},
      cache,
    });
    expect(faces.map((list) => list.map((face) => face.key))).toEqual([
      ['catalogue:Open Sans-400.ttf'],
      ['catalogue:Open Sans-400.ttf', 'catalogue:Open Sans-400-cyrillic.ttf'],
    ]);
    expect(calls).toEqual(['Open Sans-400.ttf', 'Open Sans-400-cyrillic.ttf']);
  });

  it('falls back to Open Sans for characters the family lacks, and warns for what no font has', async () => {
    const warnings: string[] = [];
    const faces = await loadTextFonts([need('Lato Цена ☃', 'Lato')], {
      source: woffSource(),
      customFonts: [],
      warn: (message) => warnings.push(message),
      cache: new FontCache(),
    });
    expect(faces[0]!.map((face) => face.key)).toEqual([
      'catalogue:Lato-400.ttf',
      'catalogue:Open Sans-400.ttf',
      'catalogue:Open Sans-400-cyrillic.ttf',
      // ☃ lies in the symbols subset's range; this fake source has no such glyph there.
      'catalogue:Open Sans-400-symbols.ttf',
    ]);
    expect(warnings).toEqual(["No font has a glyph for '☃'"]);
  });

  it("throws 'Failed to load fonts' with the file and cause", async () => {
    const failing: FontSource = {
      ...woffSource(),
      catalogueFont: async () => Promise.reject(new Error('ENOENT')),
    };
    const error = await loadTextFonts([need('a')], {
      source: failing,
      customFonts: [],
      warn: () => {},
      cache: new FontCache(),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RendererError);
    expect((error as RendererError).message).toBe(RENDERER_ERRORS.fontsFailed);
    expect((error as RendererError).reason).toBe('Open Sans-400.ttf: ENOENT');
  });

  it("gives up after the time limit with 'Failed to load fonts', aborting the source", async () => {
    let aborted = false;
    const slow: FontSource = {
      ...woffSource(),
      catalogueFont: (_file, signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => ((aborted = true), reject(new Error('aborted')))),
        ),
    };
    const started = Date.now();
    await expect(
      loadTextFonts([need('a')], {
        source: slow,
        customFonts: [],
        warn: () => {},
        cache: new FontCache(),
        timeoutMs: 50,
      }),
    ).rejects.toMatchObject({
      message: 'Failed to load fonts',
      reason: 'the fonts did not load within 50 ms',
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(aborted).toBe(true);
  });

  it('loads a custom font by URL and does not keep failed loads in the cache', async () => {
    const cache = new FontCache();
    let attempts = 0;
    const flaky: FontSource = {
      ...woffSource(),
      customFont: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('503');
        return woff('open-sans-latin-700-normal.woff');
      },
    };
    const options = {
      source: flaky,
      customFonts: [{ url: 'https://cdn.test/b.woff', family: 'Brand' }],
      warn: () => {},
      cache,
    };
    await expect(loadTextFonts([need('a', 'Brand')], options)).rejects.toThrow('Failed to load fonts');
    const faces = await loadTextFonts([need('a', 'Brand')], options);
    expect(faces[0]!.map((face) => face.key)).toEqual(['custom:https://cdn.test/b.woff']);
  });
});

describe('FontCache', () => {
  it('keeps `capacity` fonts and lets the least recently used go first', async () => {
    const cache = new FontCache(2);
    const font = parseFont(woff('open-sans-latin-400-normal.woff'));
    const loads: string[] = [];
    const get = (key: string) =>
      cache.get(key, async () => {
        loads.push(key);
        return font;
      });
    await get('a');
    await get('b');
    await get('a'); // a is now the most recently used
    await get('c'); // evicts b
    await get('a');
    await get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });
});
