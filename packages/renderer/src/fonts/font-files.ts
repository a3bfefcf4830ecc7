// The font catalogue's vocabulary and file naming, without any data: the build script and the catalogue
// share it, and it runs in the browser and in Node alike.

import { FONT_WEIGHT_KEYWORDS, FONT_WEIGHT_NAMES, type FontWeight } from '@adloom/template';

export { FONT_WEIGHT_NAMES, type FontWeight };

/** The weights a catalogue family can have. */
export const FONT_WEIGHTS = [
  100, 200, 300, 400, 500, 600, 700, 800, 900,
] as const satisfies readonly FontWeight[];

export type FontCategory = 'sans-serif' | 'serif' | 'display' | 'handwriting' | 'monospace';

/** One family of the font catalogue. Every weight (upright and italic) has a face per subset. */
export interface FontFamily {
  /** The family name, as CSS, the SVG template and the font files' name tables spell it. */
  family: string;
  category: FontCategory;
  /** Upright weights, ascending. */
  weights: readonly FontWeight[];
  /** Weights that also exist in italic, ascending; empty when the family has no italic. */
  italicWeights: readonly FontWeight[];
  /** Unicode subsets, each shipped as its own file per weight; `latin` is always there. */
  subsets: readonly string[];
  /** SPDX id of the font licence. */
  license: string;
  /** The npm package and version the files come from. */
  source: string;
}

/** One font file of a family: a weight, upright or italic, for one unicode subset. */
export interface FontFaceFile {
  family: string;
  weight: FontWeight;
  italic: boolean;
  subset: string;
  /** File name under the assets path, e.g. `Open Sans-700italic-cyrillic.ttf`. */
  file: string;
}

/** Where the platform serves catalogue fonts. */
export const FONT_ASSETS_PATH = '/assets/fonts/';

/** The subset whose file names carry no subset suffix. */
export const DEFAULT_FONT_SUBSET = 'latin';

/** A weight as a number of the catalogue: keywords of spec section 9, numbers rounded to the nearest 100. */
export function normalizeFontWeight(value: number | string): FontWeight | undefined {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const keyword = Object.hasOwn(FONT_WEIGHT_KEYWORDS, text)
    ? FONT_WEIGHT_KEYWORDS[text as keyof typeof FONT_WEIGHT_KEYWORDS]
    : undefined;
  if (keyword) return keyword;
  const n = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isFinite(n) || (typeof value === 'string' && value.trim() === '')) return undefined;
  return (Math.min(9, Math.max(1, Math.round(n / 100))) * 100) as FontWeight;
}

/**
 * The file name of a face: `<Family>[-<weight>][italic][-<subset>].ttf`. Without a weight (or with a value
 * that is no weight) it names the family's fallback, its regular weight; the latin subset has no suffix.
 */
export function fontFileName(
  family: string,
  weight?: number | string,
  italic = false,
  subset: string = DEFAULT_FONT_SUBSET,
): string {
  const w = weight === undefined ? undefined : normalizeFontWeight(weight);
  const style = w === undefined ? (italic ? '-italic' : '') : `-${w}${italic ? 'italic' : ''}`;
  const subsetSuffix = subset === DEFAULT_FONT_SUBSET ? '' : `-${subset}`;
  return `${family}${style}${subsetSuffix}.ttf`;
}

/** The URL path of a catalogue font: by family name, optionally with a weight suffix (spec section 7). */
export function fontAssetPath(
  family: string,
  weight?: number | string,
  italic = false,
  subset: string = DEFAULT_FONT_SUBSET,
): string {
  return FONT_ASSETS_PATH + encodeURIComponent(fontFileName(family, weight, italic, subset));
}

/**
 * The available weight closest to the desired one, by the CSS font matching rules: for 400 try 500, then
 * lighter, then heavier; below 400 lighter first; above 500 heavier first.
 */
export function matchFontWeight(available: readonly FontWeight[], desired: number): FontWeight | undefined {
  if (available.includes(desired as FontWeight)) return desired as FontWeight;
  const lighter = available.filter((w) => w < desired).sort((a, b) => b - a);
  const heavier = available.filter((w) => w > desired).sort((a, b) => a - b);
  if (desired >= 400 && desired <= 500) {
    const upTo500 = heavier.filter((w) => w <= 500);
    return upTo500[0] ?? lighter[0] ?? heavier[0];
  }
  return desired < 400 ? (lighter[0] ?? heavier[0]) : (heavier[0] ?? lighter[0]);
}

/** Every file of a family: each upright and italic weight, for each subset. */
export function fontFaceFiles(family: FontFamily): FontFaceFile[] {
  const faces: FontFaceFile[] = [];
  const styles: [boolean, readonly FontWeight[]][] = [
    [false, family.weights],
    [true, family.italicWeights],
  ];
  for (const [italic, weights] of styles)
    for (const weight of weights)
      for (const subset of family.subsets)
        faces.push({
          family: family.family,
          weight,
          italic,
          subset,
          file: fontFileName(family.family, weight, italic, subset),
        });
  return faces;
}

/** The catalogue as served at `<assets path>catalogue.json` and written beside the built font files. */
export interface FontCatalogueDocument {
  assetsPath: string;
  /** CSS unicode-range of each subset. */
  subsets: Readonly<Record<string, string>>;
  families: (FontFamily & { files: string[] })[];
}

export function fontCatalogueDocument(
  families: readonly FontFamily[],
  subsetRanges: Readonly<Record<string, string>>,
): FontCatalogueDocument {
  return {
    assetsPath: FONT_ASSETS_PATH,
    subsets: subsetRanges,
    families: families.map((f) => ({ ...f, files: fontFaceFiles(f).map((face) => face.file) })),
  };
}
