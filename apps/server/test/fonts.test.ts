import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFonts } from '@adloom/renderer/build-fonts';
import { FONT_WEIGHTS, fontAssetPath, type FontCatalogueDocument } from '@adloom/renderer/fonts';
import { builtFontsDir } from '../src/http/fonts.js';
import { createTestApp, type TestApp } from './harness.js';

/** usWeightClass and the italic bit of fsSelection, from the font's OS/2 table. */
function os2Style(ttf: Buffer) {
  const numTables = ttf.readUInt16BE(4);
  for (let i = 0; i < numTables; i += 1) {
    const entry = 12 + i * 16;
    if (ttf.toString('latin1', entry, entry + 4) !== 'OS/2') continue;
    const os2 = ttf.readUInt32BE(entry + 8);
    return { weight: ttf.readUInt16BE(os2 + 4), italic: (ttf.readUInt16BE(os2 + 62) & 1) === 1 };
  }
  throw new Error('no OS/2 table');
}

const isSfnt = (bytes: Buffer) => ['00010000', '4f54544f', '74727565'].includes(bytes.toString('hex', 0, 4));

describe('catalogue fonts at /assets/fonts/', () => {
  let t: TestApp;
  const fontsDir = builtFontsDir();
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'adloom-dist-'));

  beforeAll(async () => {
    // npm test runs the unit tests before anything builds; the build is incremental, so this is quick.
    await buildFonts({ dataFile: false });
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Adloom</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
    t = await createTestApp('embedded', { WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves a family at a weight as TrueType with long caching', async () => {
    const res = await get('/assets/fonts/Open%20Sans-700.ttf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('font/ttf');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(isSfnt(res.rawPayload)).toBe(true);
    expect(os2Style(res.rawPayload)).toEqual({ weight: 700, italic: false });
    expect(res.rawPayload.equals(readFileSync(path.join(fontsDir, 'Open Sans-700.ttf')))).toBe(true);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
  });

  it('falls back to the regular weight when the name has no weight', async () => {
    for (const family of ['Open Sans', 'Lato', 'Abril Fatface', 'Source Sans 3']) {
      const res = await get(fontAssetPath(family));
      expect(res.statusCode, family).toBe(200);
      expect(os2Style(res.rawPayload), family).toEqual({ weight: 400, italic: false });
    }
    const lowerCase = await get('/assets/fonts/open%20sans.ttf');
    expect(lowerCase.statusCode).toBe(200);
    expect(lowerCase.rawPayload.equals((await get('/assets/fonts/Open%20Sans-400.ttf')).rawPayload)).toBe(
      true,
    );
  });

  it('serves italics and the other unicode subsets', async () => {
    const italic = await get(fontAssetPath('Playfair Display', 900, true));
    expect(italic.statusCode).toBe(200);
    expect(os2Style(italic.rawPayload)).toEqual({ weight: 900, italic: true });
    expect(os2Style((await get('/assets/fonts/Lora-italic.ttf')).rawPayload)).toEqual({
      weight: 400,
      italic: true,
    });

    const cyrillic = await get(fontAssetPath('Roboto', 400, false, 'cyrillic'));
    expect(cyrillic.statusCode).toBe(200);
    expect(cyrillic.rawPayload.equals(readFileSync(path.join(fontsDir, 'Roboto-400-cyrillic.ttf')))).toBe(
      true,
    );
    expect(cyrillic.rawPayload.equals((await get(fontAssetPath('Roboto', 400))).rawPayload)).toBe(false);
  });

  it('answers 404 with a JSON error for unknown families, weights, styles and subsets', async () => {
    const cases: [string, RegExp][] = [
      ['/assets/fonts/Comic%20Sans-400.ttf', /No font file 'Comic Sans-400.ttf'/],
      ['/assets/fonts/Lato-500.ttf', /Lato has no upright weight 500; it has 100, 300, 400, 700, 900/],
      ['/assets/fonts/Titillium%20Web-900italic.ttf', /Titillium Web has no italic weight 900/],
      ['/assets/fonts/Anton-italic.ttf', /Anton has no italic style/],
      ['/assets/fonts/Lato-400-cyrillic.ttf', /Lato has no 'cyrillic' subset/],
      ['/assets/fonts/Open%20Sans-400.woff2', /No font file/],
      ['/assets/fonts/Open%20Sans-450.ttf', /No font file/],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json(), url).toMatchObject({
        code: 'FONT_NOT_FOUND',
        message: expect.stringMatching(message),
      });
    }
  });

  it('never serves anything but catalogue fonts from under the fonts path', async () => {
    for (const url of [
      '/assets/fonts/..%2F..%2Fpackage.json',
      '/assets/fonts/%2e%2e%2f%2e%2e%2fpackage.json',
      '/assets/fonts/../../package.json',
      '/assets/fonts/Open%20Sans-400.ttf%00.json',
      '/assets/fonts/Open%20Sans-400.ttf%2F..%2F..%2F..%2Fpackage.json',
      '/assets/fonts/..%5C..%5Cpackage.json',
      '/assets/fonts/.build.json',
      '/assets/fonts/licenses/Open%20Sans.txt',
      '/assets/fonts/',
    ]) {
      const res = await get(url);
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.body, url).not.toContain('"name"');
    }
  });

  it('answers 304 to a request that already has the file', async () => {
    const first = await get('/assets/fonts/Inter-600.ttf');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/assets/fonts/Inter-600.ttf', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('lists a catalogue of at least 40 families whose every file is built', async () => {
    const res = await get('/assets/fonts/catalogue.json');
    expect(res.statusCode).toBe(200);
    const catalogue = res.json<FontCatalogueDocument>();
    expect(catalogue.assetsPath).toBe('/assets/fonts/');
    expect(catalogue.families.length).toBeGreaterThanOrEqual(40);
    let files = 0;
    for (const family of catalogue.families) {
      expect(family.weights.length, family.family).toBeGreaterThan(0);
      for (const weight of [...family.weights, ...family.italicWeights])
        expect(FONT_WEIGHTS, family.family).toContain(weight);
      for (const file of family.files) {
        const full = path.join(fontsDir, file);
        expect(existsSync(full) && isSfnt(readFileSync(full)), file).toBe(true);
        files += 1;
      }
    }
    expect(files).toBeGreaterThan(1000);
  });

  it('leaves the web app assets to the web app', async () => {
    const res = await get('/assets/app-1.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    expect((await get('/assets/fonts/Open%20Sans.ttf')).headers['content-type']).toBe('font/ttf');
  });
});
