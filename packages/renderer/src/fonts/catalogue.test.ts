import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FONT_FAMILY,
  FONT_FAMILIES,
  FONT_SUBSET_RANGES,
  FONT_WEIGHT_NAMES,
  FONT_WEIGHTS,
  findFontFamily,
  fontAssetPath,
  fontCatalogue,
  fontFaceFiles,
  fontFileName,
  matchFontWeight,
  normalizeFontWeight,
  resolveFontFile,
} from './catalogue.js';

const REQUIRED_FAMILIES = [
  'Open Sans',
  'Roboto',
  'Lato',
  'Montserrat',
  'Poppins',
  'Inter',
  'Oswald',
  'Raleway',
  'Playfair Display',
  'Merriweather',
  'Nunito',
  'Rubik',
  'Work Sans',
  'Bebas Neue',
  'DM Sans',
  'Noto Sans',
  'Source Sans 3',
  'PT Sans',
  'Ubuntu',
  'Fira Sans',
  'Barlow',
  'Mulish',
  'Quicksand',
  'Josefin Sans',
  'Libre Baskerville',
  'Lora',
  'Anton',
  'Archivo',
  'Karla',
  'Manrope',
  'Cabin',
  'Exo 2',
  'Titillium Web',
  'Hind',
  'Heebo',
  'Kanit',
  'Dancing Script',
  'Pacifico',
  'Caveat',
  'Abril Fatface',
];

describe('the font catalogue', () => {
  it('has the popular families, the default among them, sorted by name', () => {
    expect(FONT_FAMILIES.length).toBeGreaterThanOrEqual(40);
    expect(FONT_FAMILIES.map((f) => f.family)).toEqual(expect.arrayContaining(REQUIRED_FAMILIES));
    expect(findFontFamily(DEFAULT_FONT_FAMILY)?.weights).toContain(400);
    const names = FONT_FAMILIES.map((f) => f.family);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('gives every family weights of 100 to 900, a latin subset with a unicode range and a free licence', () => {
    for (const family of FONT_FAMILIES) {
      expect(family.weights.length, family.family).toBeGreaterThan(0);
      for (const weight of [...family.weights, ...family.italicWeights])
        expect(FONT_WEIGHTS, family.family).toContain(weight);
      expect(family.subsets[0], family.family).toBe('latin');
      for (const subset of family.subsets) expect(FONT_SUBSET_RANGES[subset], subset).toMatch(/^U\+/);
      expect(['OFL-1.1', 'Apache-2.0', 'UFL-1.0'], family.family).toContain(family.license);
    }
    // Cyrillic wherever the family has it, e.g. the builder's default.
    expect(findFontFamily('open sans')?.subsets).toEqual(expect.arrayContaining(['latin-ext', 'cyrillic']));
  });

  it('names the weights as spec section 9 does', () => {
    expect(FONT_WEIGHTS.map((w) => `${w} ${FONT_WEIGHT_NAMES[w]}`).join(', ')).toBe(
      '100 Thin, 200 Extra Light, 300 Light, 400 Normal, 500 Medium, 600 Semi Bold, 700 Bold, 800 Extra Bold, 900 Black',
    );
    expect(['normal', 'regular', 'bold', 'lighter', 'bolder'].map((k) => normalizeFontWeight(k))).toEqual([
      400, 400, 700, 300, 500,
    ]);
    expect([700, '700', 640, 40, 1000, ' 300 '].map((w) => normalizeFontWeight(w))).toEqual([
      700, 700, 600, 100, 900, 300,
    ]);
    expect(['', 'heavy'].map((w) => normalizeFontWeight(w))).toEqual([undefined, undefined]);
  });

  it('imports nothing but its own modules and the browser-safe template package, so that browsers load it too', () => {
    for (const file of ['catalogue.ts', 'catalogue.data.ts', 'font-files.ts']) {
      const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
      const imports = [...source.matchAll(/\bfrom '([^']+)'/g)].map((m) => m[1]);
      expect(
        imports.filter((name) => !name?.startsWith('./') && name !== '@adloom/template'),
        file,
      ).toEqual([]);
    }
  });
});

describe('font file names and asset paths', () => {
  it('names files by family and weight, italic and subset', () => {
    expect(fontFileName('Open Sans', 700)).toBe('Open Sans-700.ttf');
    expect(fontFileName('Open Sans', 'bold', true)).toBe('Open Sans-700italic.ttf');
    expect(fontFileName('Open Sans', 400, false, 'cyrillic-ext')).toBe('Open Sans-400-cyrillic-ext.ttf');
    expect(fontFileName('Open Sans')).toBe('Open Sans.ttf');
    expect(fontFileName('Open Sans', undefined, true)).toBe('Open Sans-italic.ttf');
    expect(fontAssetPath('Open Sans', 700)).toBe('/assets/fonts/Open%20Sans-700.ttf');
    expect(fontAssetPath('Exo 2')).toBe('/assets/fonts/Exo%202.ttf');
  });

  it('lists a file for every weight, style and subset', () => {
    const lato = findFontFamily('Lato')!;
    const files = fontFaceFiles(lato).map((f) => f.file);
    expect(files).toHaveLength((lato.weights.length + lato.italicWeights.length) * lato.subsets.length);
    expect(files).toContain('Lato-900italic-latin-ext.ttf');
    expect(new Set(fontCatalogue().families.flatMap((f) => f.files)).size).toBe(
      fontCatalogue().families.reduce((n, f) => n + f.files.length, 0),
    );
  });

  it('resolves every listed file to itself', () => {
    for (const family of FONT_FAMILIES)
      for (const face of fontFaceFiles(family)) {
        const resolved = resolveFontFile(face.file);
        expect(resolved, face.file).toMatchObject({ ok: true, file: face.file, weight: face.weight });
      }
  });

  it('resolves a name without weight to the regular weight or the closest one', () => {
    expect(resolveFontFile('Open Sans.ttf')).toMatchObject({ ok: true, file: 'Open Sans-400.ttf' });
    expect(resolveFontFile('OPEN SANS-700.ttf')).toMatchObject({ ok: true, file: 'Open Sans-700.ttf' });
    expect(resolveFontFile('Lora-italic-cyrillic.ttf')).toMatchObject({
      ok: true,
      file: 'Lora-400italic-cyrillic.ttf',
    });
    expect(resolveFontFile('Roboto-400-latin.ttf')).toMatchObject({ ok: true, file: 'Roboto-400.ttf' });
  });

  it('refuses what the catalogue does not have', () => {
    for (const name of [
      'Comic Sans.ttf',
      'Lato-500.ttf',
      'Lato-cyrillic.ttf',
      'Anton-italic.ttf',
      'Open Sans-400.woff2',
      'Open Sans-400-italic.ttf',
      'Open Sans-0400.ttf',
      'Open Sans 2-400.ttf',
      '../Open Sans-400.ttf',
      'Open Sans-400.ttf/../x.ttf',
      '',
    ])
      expect(resolveFontFile(name).ok, name).toBe(false);
  });

  it('matches weights as CSS does', () => {
    expect(matchFontWeight([300, 700], 400)).toBe(300);
    expect(matchFontWeight([300, 500, 700], 400)).toBe(500);
    expect(matchFontWeight([600, 900], 400)).toBe(600);
    expect(matchFontWeight([100, 900], 300)).toBe(100);
    expect(matchFontWeight([500, 900], 200)).toBe(500);
    expect(matchFontWeight([300, 800], 600)).toBe(800);
    expect(matchFontWeight([300, 400], 600)).toBe(400);
    expect(matchFontWeight([], 400)).toBeUndefined();
  });
});
