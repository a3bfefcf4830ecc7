import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildFonts,
  CATALOGUE_DATA_FILE,
  expectedCatalogueData,
  readFontPackage,
} from '../../scripts/build-fonts.js';
import { SFNT_CHECKSUM_MAGIC, sfntChecksum, woffToSfnt } from '../../scripts/woff.js';

const require = createRequire(import.meta.url);
const woffOf = (file: string) => readFileSync(require.resolve(`@fontsource/open-sans/files/${file}`));

describe('WOFF decoding', () => {
  it('restores every table of the original font byte for byte', () => {
    const woff = woffOf('open-sans-cyrillic-700-italic.woff');
    const ttf = woffToSfnt(woff);
    expect(ttf.readUInt32BE(0)).toBe(0x00010000);
    expect(ttf.length).toBe(woff.readUInt32BE(16)); // totalSfntSize of the WOFF header
    const numTables = ttf.readUInt16BE(4);
    expect(numTables).toBe(woff.readUInt16BE(12));
    for (let i = 0; i < numTables; i += 1) {
      const entry = 12 + i * 16;
      const tag = ttf.toString('latin1', entry, entry + 4);
      const offset = ttf.readUInt32BE(entry + 8);
      const table = Buffer.from(ttf.subarray(offset, offset + ttf.readUInt32BE(entry + 12)));
      if (tag === 'head') table.writeUInt32BE(0, 8); // the adjustment is not part of the head checksum
      expect(sfntChecksum(table), tag).toBe(ttf.readUInt32BE(entry + 4));
    }
    expect(sfntChecksum(ttf)).toBe(SFNT_CHECKSUM_MAGIC);
  });

  it('refuses what is not WOFF 1.0', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 and more bytes than a header needs, surely'))).toThrow(/WOFF/);
    const truncated = woffOf('open-sans-latin-400-normal.woff').subarray(0, 200);
    expect(() => woffToSfnt(truncated)).toThrow(/WOFF/);
  });
});

describe('the font build', () => {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'adloom-fonts-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));
  const packageNames = ['@fontsource/abril-fatface', '@fontsource/pt-sans'];
  const build = () => buildFonts({ packageNames, outDir, dataFile: false });

  it('decodes each face once, then only what is missing, and removes what no family has', async () => {
    const first = await build();
    expect(first).toMatchObject({ families: 2, files: 2 + 2 * 2 * 4, decoded: 18, removed: 0 });
    expect(readdirSync(path.join(outDir, 'licenses')).sort()).toEqual(['Abril Fatface.txt', 'PT Sans.txt']);
    const catalogue = JSON.parse(readFileSync(path.join(outDir, 'catalogue.json'), 'utf8'));
    expect(catalogue.families[1]).toMatchObject({ family: 'PT Sans', weights: [400, 700] });
    expect(catalogue.families[1].files).toContain('PT Sans-700italic-cyrillic.ttf');

    expect((await build()).decoded).toBe(0);

    unlinkSync(path.join(outDir, 'PT Sans-400.ttf'));
    writeFileSync(path.join(outDir, 'Gone Family-400.ttf'), 'old');
    const third = await build();
    expect(third).toMatchObject({ decoded: 16, removed: 1 });
    expect(existsSync(path.join(outDir, 'PT Sans-400.ttf'))).toBe(true);
    expect(existsSync(path.join(outDir, 'Gone Family-400.ttf'))).toBe(false);
  });

  it('reads italic weights from the files, not from the package metadata', () => {
    // Titillium Web has 900 upright but no 900 italic.
    const { family } = readFontPackage('@fontsource/titillium-web');
    expect(family.weights).toContain(900);
    expect(family.italicWeights).not.toContain(900);
  });

  it('has committed catalogue data that matches the installed font packages', async () => {
    // If this fails, run `npm run build -w @adloom/renderer` and commit src/fonts/catalogue.data.ts.
    expect(readFileSync(CATALOGUE_DATA_FILE, 'utf8')).toBe(await expectedCatalogueData());
  });
});
