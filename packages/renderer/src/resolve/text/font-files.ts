/**
 * Which font files a text needs: the catalogue face for its family, weight and style, one file per
 * unicode subset its characters fall in (latin, latin-ext, cyrillic…), or a custom brand-kit font.
 */
import {
  DEFAULT_FONT_FAMILY,
  FONT_SUBSET_RANGES,
  findFontFamily,
  fontFileName,
  matchFontWeight,
  type FontFamily,
} from '../../fonts/catalogue.js';
import type { CustomFont } from '../request.js';

/** A font file to load: a catalogue file by name, or a custom font by URL. */
export type FontFileRef =
  { kind: 'catalogue'; file: string } | { kind: 'custom'; url: string; family: string };

/** Family, weight and style a text asks for. */
export interface FaceRequest {
  family: string;
  weight: number;
  italic: boolean;
}

/** A stable key for caching a loaded file. */
export function fontFileKey(ref: FontFileRef): string {
  return ref.kind === 'catalogue' ? `catalogue:${ref.file}` : `custom:${ref.url}`;
}

let subsetRanges: Map<string, [number, number][]> | undefined;

/** Parses a CSS unicode-range list (`U+0000-00FF,U+0131`) into code point ranges. */
export function parseUnicodeRange(range: string): [number, number][] {
  return range.split(',').flatMap((part): [number, number][] => {
    const match = /^\s*U\+([\dA-F]+)(?:-([\dA-F]+))?\s*$/i.exec(part);
    if (!match) return [];
    const low = Number.parseInt(match[1]!, 16);
    return [[low, match[2] === undefined ? low : Number.parseInt(match[2], 16)]];
  });
}

/** True when the subset's unicode-range contains the code point. */
export function subsetCovers(subset: string, codePoint: number): boolean {
  subsetRanges ??= new Map(
    Object.entries(FONT_SUBSET_RANGES).map(([name, range]) => [name, parseUnicodeRange(range)]),
  );
  return (subsetRanges.get(subset) ?? []).some(([low, high]) => codePoint >= low && codePoint <= high);
}

/** The subsets of a family that the characters need, in the family's order (latin first). */
export function subsetsFor(
  family: FontFamily,
  characters: Iterable<string>,
): {
  subsets: string[];
  uncovered: string[];
} {
  const needed = new Set<string>();
  const uncovered = new Set<string>();
  for (const char of characters) {
    const codePoint = char.codePointAt(0)!;
    // Line breaks and other controls are never drawn.
    if (codePoint < 0x20) continue;
    const subset = family.subsets.find((name) => subsetCovers(name, codePoint));
    if (subset) needed.add(subset);
    else uncovered.add(char);
  }
  // Latin always loads: spaces and digits need it, and it is the face a missing glyph falls back to.
  needed.add(family.subsets[0]!);
  return { subsets: family.subsets.filter((name) => needed.has(name)), uncovered: [...uncovered] };
}

/** The catalogue files of a family for a weight and style, for the subsets the characters need. */
export function catalogueFiles(
  family: FontFamily,
  request: Pick<FaceRequest, 'weight' | 'italic'>,
  characters: Iterable<string>,
): { files: FontFileRef[]; uncovered: string[] } {
  const italic = request.italic && family.italicWeights.length > 0;
  const weight = matchFontWeight(italic ? family.italicWeights : family.weights, request.weight)!;
  const { subsets, uncovered } = subsetsFor(family, characters);
  return {
    files: subsets.map((subset) => ({
      kind: 'catalogue',
      file: fontFileName(family.family, weight, italic, subset),
    })),
    uncovered,
  };
}

/** A custom font whose family matches, ignoring case (brand-kit fonts win over catalogue names). */
export function findCustomFont(family: string, fonts: readonly CustomFont[]): CustomFont | undefined {
  const wanted = family.toLowerCase();
  return fonts.find((font) => font.family.toLowerCase() === wanted);
}

/**
 * The files a text needs first: its custom font, or its catalogue family's subsets (an unknown family
 * falls back to the default family with a warning). Characters no subset covers are returned so a
 * fallback can be tried once the first files are loaded.
 */
export function primaryFontFiles(
  request: FaceRequest,
  characters: Iterable<string>,
  customFonts: readonly CustomFont[],
  warn: (message: string) => void,
): FontFileRef[] {
  const custom = findCustomFont(request.family, customFonts);
  if (custom) return [{ kind: 'custom', url: custom.url, family: custom.family }];
  let family = findFontFamily(request.family);
  if (!family) {
    warn(
      `Font family '${request.family}' is not in the catalogue or the request's fonts; using ${DEFAULT_FONT_FAMILY}`,
    );
    family = findFontFamily(DEFAULT_FONT_FAMILY)!;
  }
  return catalogueFiles(family, request, characters).files;
}

/** The default family's files for characters the text's own fonts lack. */
export function fallbackFontFiles(
  request: FaceRequest,
  missing: Iterable<string>,
): {
  files: FontFileRef[];
  uncovered: string[];
} {
  return catalogueFiles(findFontFamily(DEFAULT_FONT_FAMILY)!, request, missing);
}
