// The global font catalogue (spec section 3) as plain data for the builder's font list, the renderer and
// the server. No Node imports: this module runs in the browser too.
import { FONT_FAMILIES, FONT_SUBSET_RANGES } from './catalogue.data.js';
import {
  DEFAULT_FONT_SUBSET,
  FONT_ASSETS_PATH,
  fontCatalogueDocument,
  fontFileName,
  matchFontWeight,
  type FontCatalogueDocument,
  type FontFamily,
  type FontWeight,
} from './font-files.js';

export * from './font-files.js';
export { FONT_FAMILIES, FONT_SUBSET_RANGES };

/** The builder's default family (spec section 9). */
export const DEFAULT_FONT_FAMILY = 'Open Sans';

let byName: Map<string, FontFamily> | undefined;

/** The catalogue family of that name, ignoring case. */
export function findFontFamily(name: string): FontFamily | undefined {
  byName ??= new Map(FONT_FAMILIES.map((f) => [f.family.toLowerCase(), f]));
  return byName.get(name.toLowerCase());
}

/** The whole catalogue with every family's file names. */
export function fontCatalogue(): FontCatalogueDocument {
  return fontCatalogueDocument(FONT_FAMILIES, FONT_SUBSET_RANGES);
}

export type FontFileResolution =
  | { ok: true; family: FontFamily; weight: FontWeight; italic: boolean; subset: string; file: string }
  | { ok: false; message: string };

// After the family name: an optional weight with an optional `italic`, or `italic` alone, then a subset.
const SUFFIX = /^(?:-([1-9]00)(italic)?|-(italic))?(?:-([a-z]+(?:-[a-z]+)*))?\.ttf$/;

/**
 * Resolves a requested file name to a catalogue file: `<Family>-<weight>[italic][-<subset>].ttf`, or
 * without the weight for the family's regular weight (or the closest it has). Family names match
 * ignoring case; only names the catalogue produces come back, so the result is safe to open.
 */
export function resolveFontFile(requested: string): FontFileResolution {
  const notFound = (message: string): FontFileResolution => ({ ok: false, message });
  const lower = requested.toLowerCase();
  // The longest family name that the request starts with, followed by a suffix the grammar accepts.
  const candidates = FONT_FAMILIES.filter((f) => lower.startsWith(f.family.toLowerCase())).sort(
    (a, b) => b.family.length - a.family.length,
  );
  for (const family of candidates) {
    const match = SUFFIX.exec(requested.slice(family.family.length));
    if (!match) continue;
    const [, weightText, italicAfterWeight, italicAlone, subset = DEFAULT_FONT_SUBSET] = match;
    const italic = Boolean(italicAfterWeight ?? italicAlone);
    const available = italic ? family.italicWeights : family.weights;
    const style = italic ? 'italic' : 'upright';
    if (!family.subsets.includes(subset))
      return notFound(`${family.family} has no '${subset}' subset; it has ${family.subsets.join(', ')}.`);
    if (available.length === 0) return notFound(`${family.family} has no ${style} style.`);
    const weight = weightText ? Number(weightText) : matchFontWeight(available, 400);
    if (weight === undefined || !available.includes(weight as FontWeight))
      return notFound(
        `${family.family} has no ${style} weight ${weightText}; it has ${available.join(', ')}. ` +
          `${FONT_ASSETS_PATH}${fontFileName(family.family)} is its regular weight.`,
      );
    return {
      ok: true,
      family,
      weight: weight as FontWeight,
      italic,
      subset,
      file: fontFileName(family.family, weight, italic, subset),
    };
  }
  return notFound(
    `No font file '${requested}' in the catalogue. Names look like 'Open Sans-700.ttf' or 'Open Sans.ttf'; ` +
      `the families are listed at ${FONT_ASSETS_PATH}catalogue.json.`,
  );
}
