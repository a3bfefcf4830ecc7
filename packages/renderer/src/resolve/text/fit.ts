/**
 * Auto-fit of builder texts (README, "Text auto-fit"): a text box with a height (`data-height`) and a
 * minimum font size (`data-min-font-size`) is drawn at the largest size, from its own `font-size` down to
 * the minimum, at which its filled text fits the box: no word broken between graphemes and all lines
 * inside the height. Sizes are tried in whole units (the own size first, then whole sizes below it,
 * found by binary search: fitting only gets easier as the size drops, because every width scales with it
 * and greedy line breaking never needs more lines in a relatively wider box). At the minimum size, lines
 * that would end below the box are left out and the last line shown ends with an ellipsis, cut at a
 * word boundary, so an ad never shows half a line or text outside its design.
 *
 * Pure, like layout.ts: the builder's canvas calls `fittedFontSize` with the faces it loaded, so the
 * editor shows the size the render will use.
 */
import type { TextRun } from '@adloom/template';
import { createShaper } from './glyphs.js';
import type { LoadedFace } from './font-loader.js';
import { FABRIC_FONT_SIZE_MULT, layoutBox, widestWord, type LaidOutLine, type Shaper } from './layout.js';
import type { TextAlign } from './text-style.js';

/** The fit rule of a text box: the box's height and the smallest font size the text may shrink to. */
export interface TextFit {
  height: number;
  minSize: number;
}

/** What ends the last line shown when the text does not fit even at the minimum size. */
export const FIT_ELLIPSIS = '\u2026';

const TOLERANCE = 1 + 1e-9;

/** The height of `count` lines as fabric.js measures a text box: `size × 1.13 × (lineHeight × (count − 1) + 1)`. */
export function linesHeight(count: number, size: number, lineHeight: number): number {
  return count === 0 ? 0 : size * FABRIC_FONT_SIZE_MULT * (lineHeight * (count - 1) + 1);
}

/** How many lines fit a height (at least one: a box lower than one line still shows its first line). */
function linesThatFit(height: number, size: number, lineHeight: number): number {
  let count = 1;
  while (linesHeight(count + 1, size, lineHeight) <= height * TOLERANCE) count += 1;
  return count;
}

/** True when the runs laid out at `size` break no word and their lines fit the box's height. */
function fitsAt(
  runs: readonly TextRun[],
  box: { width: number; height: number },
  size: number,
  lineHeight: number,
  shaper: Shaper,
): boolean {
  if (widestWord(runs, size, shaper) > box.width * TOLERANCE) return false;
  const lines = layoutBox(
    runs,
    { x: 0, y: 0, width: box.width },
    { size, lineHeight, align: 'left' },
    shaper,
  );
  return linesHeight(lines.length, size, lineHeight) <= box.height * TOLERANCE;
}

/**
 * The font size a text with a fit rule is drawn at: `style.size` when the text fits at it, otherwise
 * the largest whole size below it that fits, never less than `style.minSize` (a minimum above the size
 * means no shrinking).
 */
export function fitFontSize(
  runs: readonly TextRun[],
  box: { width: number; height: number },
  style: { size: number; lineHeight: number; minSize: number },
  shaper: Shaper,
): number {
  const { size, lineHeight } = style;
  const min = Math.min(style.minSize, size);
  if (fitsAt(runs, box, size, lineHeight, shaper)) return size;
  let low = Math.ceil(min);
  let high = Math.ceil(size) - 1;
  let best: number | undefined;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    if (fitsAt(runs, box, middle, lineHeight, shaper)) {
      best = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return best ?? min;
}

/** The first `count` characters of the runs (by UTF-16 index), with the ellipsis after them. */
function cutWithEllipsis(runs: readonly TextRun[], count: number): TextRun[] {
  const cut: TextRun[] = [];
  let left = count;
  for (const run of runs) {
    if (left <= 0) break;
    const text = run.text.slice(0, left);
    left -= run.text.length;
    if (text !== '') cut.push({ text, superscript: run.superscript });
  }
  cut.push({ text: FIT_ELLIPSIS, superscript: false });
  return cut;
}

/**
 * Lays out a text with a fit rule in its box: at `fitFontSize`, and at the minimum size with the lines
 * below the box left out and an ellipsis after the last word that still fits.
 */
export function layoutFittedBox(
  runs: readonly TextRun[],
  box: { x: number; y: number; width: number },
  style: { size: number; lineHeight: number; align: TextAlign },
  fit: TextFit,
  shaper: Shaper,
): { size: number; lines: LaidOutLine[] } {
  const size = fitFontSize(
    runs,
    { width: box.width, height: fit.height },
    { size: style.size, lineHeight: style.lineHeight, minSize: fit.minSize },
    shaper,
  );
  const at = { ...style, size };
  const lines = layoutBox(runs, box, at, shaper);
  const room = linesThatFit(fit.height, size, style.lineHeight);
  if (lines.length <= room) return { size, lines };
  // Word ends, in order; the longest cut whose text and ellipsis fit is found by binary search.
  const text = runs.map((run) => run.text).join('');
  const ends = [...text.matchAll(/\S+/g)].map((match) => match.index + match[0].length);
  let low = 0;
  let high = ends.length - 1;
  let best: LaidOutLine[] | undefined;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const cut = layoutBox(cutWithEllipsis(runs, ends[middle]!), box, at, shaper);
    if (cut.length <= room) {
      best = cut;
      low = middle + 1;
    } else high = middle - 1;
  }
  // Not even the first word fits with the ellipsis (one very long word): its first lines only.
  return { size, lines: best ?? lines.slice(0, room) };
}

/**
 * The font size the renderer draws a text with a fit rule at, measured with `faces` (the faces the
 * text's family, weight and style load, in lookup order). The builder's canvas uses it for the template
 * string it shows, so the editor draws the size the render picks.
 */
export function fittedFontSize(
  runs: readonly TextRun[],
  box: { width: number; height: number },
  style: { size: number; lineHeight: number; minSize: number },
  faces: readonly LoadedFace[],
): number {
  if (faces.length === 0) return style.size;
  return fitFontSize(runs, box, style, createShaper(faces));
}
