/**
 * Line breaking and placement of filled text, the same in the browser and on the server. Pure: font
 * metrics come through a Shaper, so layouts are tested without font files.
 *
 * Builder texts follow fabric.js's Textbox metrics, so the builder's canvas and the render agree: a
 * line is `size × lineHeight × 1.13` high, the first baseline sits `size × 1.13 × (1 − 0.222)` below
 * the box top, words wrap greedily at spaces, and a word wider than the box breaks between graphemes
 * (fabric would widen the box instead; an ad must not overflow its design).
 */
import { RENDERER, type TextRun } from '@adloom/template';
import type { TextAlign } from './text-style.js';

/** fabric.js Text: line height multiplier and the part of the font size below the baseline. */
export const FABRIC_FONT_SIZE_MULT = 1.13;
export const FABRIC_FONT_SIZE_FRACTION = 0.222;

/** Font metrics for layout: which face draws each part of a text, and how wide a part is. */
export interface Shaper {
  /** Splits text into consecutive parts drawn by one face each (index into the text's faces). */
  segments(text: string): { text: string; face: number }[];
  /** Advance width of text in one face at a size, kerning included. */
  advance(text: string, face: number, size: number): number;
}

/** A run of text placed on a line: one face, one size, left end of its baseline at (x, y). */
export interface PlacedRun {
  text: string;
  face: number;
  size: number;
  x: number;
  y: number;
}

/** A laid-out line and its width. */
export interface LaidOutLine {
  runs: PlacedRun[];
  width: number;
}

interface Piece {
  text: string;
  superscript: boolean;
}

interface Token {
  kind: 'word' | 'space';
  pieces: Piece[];
  width: number;
}

const SPACE = /^[ \t]+$/;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function pieceSize(piece: Piece, size: number): number {
  return piece.superscript ? size * RENDERER.superscript.size : size;
}

function measure(pieces: readonly Piece[], size: number, shaper: Shaper): number {
  let width = 0;
  for (const piece of pieces) {
    for (const part of shaper.segments(piece.text))
      width += shaper.advance(part.text, part.face, pieceSize(piece, size));
  }
  return width;
}

/** Splits runs into paragraphs at line breaks. */
export function paragraphs(runs: readonly TextRun[]): Piece[][] {
  const result: Piece[][] = [[]];
  for (const run of runs) {
    const parts = run.text.split(/\r\n|\r|\n/);
    parts.forEach((part, index) => {
      if (index > 0) result.push([]);
      if (part !== '') result[result.length - 1]!.push({ text: part, superscript: run.superscript });
    });
  }
  return result;
}

/** Words and spaces of a paragraph, each a list of pieces (a word may mix plain and raised text). */
function tokenize(pieces: readonly Piece[], size: number, shaper: Shaper): Token[] {
  const tokens: Token[] = [];
  for (const piece of pieces) {
    for (const part of piece.text.split(/([ \t]+)/)) {
      if (part === '') continue;
      const kind = SPACE.test(part) ? 'space' : 'word';
      const last = tokens[tokens.length - 1];
      const addition: Piece = { text: part, superscript: piece.superscript };
      if (last && last.kind === kind) last.pieces.push(addition);
      else tokens.push({ kind, pieces: [addition], width: 0 });
    }
  }
  for (const token of tokens) token.width = measure(token.pieces, size, shaper);
  return tokens;
}

/** Breaks a word wider than the box between graphemes; every line gets at least one grapheme. */
function breakWord(word: Token, maxWidth: number, size: number, shaper: Shaper): Token[] {
  const units: Piece[] = word.pieces.flatMap((piece) =>
    [...graphemes.segment(piece.text)].map(({ segment }) => ({
      text: segment,
      superscript: piece.superscript,
    })),
  );
  const lines: Token[] = [];
  let current: Piece[] = [];
  const finish = (): void => {
    // Graphemes of one style join again, so kerning and ligatures apply across them.
    const pieces = current.reduce<Piece[]>((merged, unit) => {
      const last = merged[merged.length - 1];
      if (last && last.superscript === unit.superscript) last.text += unit.text;
      else merged.push({ ...unit });
      return merged;
    }, []);
    lines.push({ kind: 'word', pieces, width: measure(pieces, size, shaper) });
  };
  for (const unit of units) {
    const candidate = [...current, unit];
    if (current.length > 0 && measure(candidate, size, shaper) > maxWidth) {
      finish();
      current = [unit];
    } else current = candidate;
  }
  if (current.length > 0) finish();
  return lines;
}

/** Greedy line breaking of one paragraph into lines of tokens; trailing spaces are dropped. */
function wrap(tokens: readonly Token[], maxWidth: number, size: number, shaper: Shaper): Token[][] {
  const lines: Token[][] = [];
  let line: Token[] = [];
  let width = 0;
  let pendingSpace: Token | undefined;
  const limit = maxWidth * (1 + 1e-9);
  const hasWord = (): boolean => line.some((token) => token.kind === 'word');
  const commit = (): void => {
    lines.push(line);
    line = [];
    width = 0;
  };
  for (const token of tokens) {
    if (token.kind === 'space') {
      // Leading spaces of a paragraph are kept (indentation); others wait for the next word.
      if (lines.length === 0 && !hasWord()) {
        line.push(token);
        width += token.width;
      } else pendingSpace = token;
      continue;
    }
    if (hasWord()) {
      const spaceWidth = pendingSpace?.width ?? 0;
      if (width + spaceWidth + token.width > limit) commit();
      else if (pendingSpace) {
        line.push(pendingSpace);
        width += pendingSpace.width;
      }
    }
    pendingSpace = undefined;
    if (width + token.width <= limit) {
      line.push(token);
      width += token.width;
      continue;
    }
    // Wider than the box: drop any indentation and break the word between graphemes.
    line = [];
    width = 0;
    const parts = breakWord(token, maxWidth, size, shaper);
    parts.forEach((part, index) => {
      line.push(part);
      width = part.width;
      if (index < parts.length - 1) commit();
    });
  }
  if (line.length > 0 || lines.length === 0) lines.push(line);
  return lines;
}

function lineWidth(tokens: readonly Token[]): number {
  return tokens.reduce((sum, token) => sum + token.width, 0);
}

/** Places the tokens of one line from x on a baseline; justify stretches its spaces by `spaceExtra`. */
function place(
  tokens: readonly Token[],
  x: number,
  baseline: number,
  size: number,
  shaper: Shaper,
  spaceExtra = 0,
): PlacedRun[] {
  const runs: PlacedRun[] = [];
  let cursor = x;
  for (const token of tokens) {
    if (token.kind === 'space') {
      cursor += token.width + spaceExtra;
      continue;
    }
    for (const piece of token.pieces) {
      const runSize = pieceSize(piece, size);
      const y = piece.superscript ? baseline + size * RENDERER.superscript.baseline : baseline;
      for (const part of shaper.segments(piece.text)) {
        runs.push({ text: part.text, face: part.face, size: runSize, x: cursor, y });
        cursor += shaper.advance(part.text, part.face, runSize);
      }
    }
  }
  return runs;
}

/** Lays out a builder text in its box: wrapped lines, aligned, baselines as fabric.js places them. */
export function layoutBox(
  runs: readonly TextRun[],
  box: { x: number; y: number; width: number },
  style: { size: number; lineHeight: number; align: TextAlign },
  shaper: Shaper,
): LaidOutLine[] {
  const { size } = style;
  const lineStep = size * style.lineHeight * FABRIC_FONT_SIZE_MULT;
  const firstBaseline = box.y + size * FABRIC_FONT_SIZE_MULT * (1 - FABRIC_FONT_SIZE_FRACTION);
  const lines: LaidOutLine[] = [];
  for (const paragraph of paragraphs(runs)) {
    const wrapped = wrap(tokenize(paragraph, size, shaper), box.width, size, shaper);
    wrapped.forEach((tokens, index) => {
      const width = lineWidth(tokens);
      const baseline = firstBaseline + lines.length * lineStep;
      const spaces = tokens.filter((token) => token.kind === 'space').length;
      const isLast = index === wrapped.length - 1;
      if (style.align === 'justify' && !isLast && spaces > 0) {
        const extra = (box.width - width) / spaces;
        lines.push({ runs: place(tokens, box.x, baseline, size, shaper, extra), width: box.width });
        return;
      }
      const offset =
        style.align === 'center' ? (box.width - width) / 2 : style.align === 'right' ? box.width - width : 0;
      lines.push({ runs: place(tokens, box.x + offset, baseline, size, shaper), width });
    });
  }
  return lines;
}

/** The width of the widest word of the runs at a size: the box must be this wide for no word to break. */
export function widestWord(runs: readonly TextRun[], size: number, shaper: Shaper): number {
  let widest = 0;
  for (const paragraph of paragraphs(runs)) {
    for (const token of tokenize(paragraph, size, shaper))
      if (token.kind === 'word') widest = Math.max(widest, token.width);
  }
  return widest;
}

/** Lays out one line of plain SVG text at (x, y), anchored as text-anchor says. */
export function layoutLine(
  runs: readonly TextRun[],
  at: { x: number; y: number },
  style: { size: number; align: TextAlign },
  shaper: Shaper,
): LaidOutLine {
  const pieces = paragraphs(runs).flatMap((paragraph, index) =>
    index === 0 ? paragraph : [{ text: ' ', superscript: false }, ...paragraph],
  );
  const tokens = tokenize(pieces, style.size, shaper);
  const width = lineWidth(tokens);
  const offset = style.align === 'center' ? -width / 2 : style.align === 'right' ? -width : 0;
  return { runs: place(tokens, at.x + offset, at.y, style.size, shaper), width };
}
