import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFont } from '../resolve/text/font-loader.js';
import { fileFontSource } from './fonts.js';

const empty = mkdtempSync(path.join(os.tmpdir(), 'adloom-fonts-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));
const signal = new AbortController().signal;

describe('fileFontSource', () => {
  it('reads catalogue fonts, from the @fontsource WOFF files when the build has not run', async () => {
    const bytes = await fileFontSource({ fontsDir: empty }).catalogueFont(
      'Open Sans-700italic-cyrillic.ttf',
      signal,
    );
    expect(
      Buffer.from(bytes as Uint8Array)
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('wOFF');
    expect(parseFont(bytes).charToGlyphIndex('Ж')).toBeGreaterThan(0);
  });

  it('opens only names the catalogue produces', async () => {
    const source = fileFontSource({ fontsDir: empty });
    await expect(source.catalogueFont('../../package.json', signal)).rejects.toThrow(/No font file/);
    await expect(source.catalogueFont('open sans-400.ttf', signal)).rejects.toThrow(/not a catalogue file/);
  });

  it('refuses custom fonts that are not http(s) unless files are allowed, and private addresses', async () => {
    const file = path.join(empty, 'missing.ttf');
    await expect(fileFontSource().customFont(file, signal)).rejects.toThrow(/is not http\(s\)/);
    await expect(fileFontSource({ allowFiles: true }).customFont(file, signal)).rejects.toThrow(/ENOENT/);
    await expect(fileFontSource().customFont('http://127.0.0.1:9/font.ttf', signal)).rejects.toThrow(
      /127\.0\.0\.1 resolves to a .* address/,
    );
  });
});
