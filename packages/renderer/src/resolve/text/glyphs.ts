/**
 * Measuring and drawing text with opentype.js: the Shaper that layout uses, and glyph outlines as SVG
 * path data. Text becomes paths so that the browser and the server draw the same geometry and resvg
 * never looks a font up.
 */
import type { Font, Path, RenderOptions } from 'opentype.js';
import type { LoadedFace } from './font-loader.js';
import type { LaidOutLine, Shaper } from './layout.js';

/** Kerning on, and the ligatures browsers apply by default (opentype.js turns them off otherwise). */
export const RENDER_OPTIONS: RenderOptions = { kerning: true, features: { liga: true, rlig: true } };

function coordinate(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/**
 * SVG path data with two decimals. Not Path.toPathData: opentype.js 2 rounds through strings such as
 * '1.4e-14e+2' and writes NaN for tiny floating-point remainders, and resvg stops drawing at a NaN.
 */
export function pathData(path: Path): string {
  const parts: string[] = [];
  for (const command of path.commands) {
    switch (command.type) {
      case 'M':
      case 'L':
        parts.push(`${command.type}${coordinate(command.x)} ${coordinate(command.y)}`);
        break;
      case 'Q':
        parts.push(
          `Q${coordinate(command.x1)} ${coordinate(command.y1)} ${coordinate(command.x)} ${coordinate(command.y)}`,
        );
        break;
      case 'C':
        parts.push(
          `C${coordinate(command.x1)} ${coordinate(command.y1)} ${coordinate(command.x2)} ${coordinate(command.y2)} ` +
            `${coordinate(command.x)} ${coordinate(command.y)}`,
        );
        break;
      case 'Z':
        parts.push('Z');
        break;
    }
  }
  return parts.join('');
}

/**
 * opentype.js throws on OpenType lookups it does not implement (Lora's glyph composition, for one).
 * Then the text is set glyph by glyph from the character map, with pair kerning and no substitutions.
 * Measuring and drawing take the same branch for the same text, so layout and outlines agree.
 */
function simpleGlyphs(
  font: Font,
  text: string,
  size: number,
  visit?: (path: Path) => void,
  x = 0,
  y = 0,
): number {
  const glyphs = [...text].map((char) => font.charToGlyph(char));
  const scale = size / font.unitsPerEm;
  let cursor = x;
  glyphs.forEach((glyph, index) => {
    visit?.(glyph.getPath(cursor, y, size, {}, font));
    cursor += (glyph.advanceWidth ?? 0) * scale;
    const next = glyphs[index + 1];
    if (next) cursor += font.getKerningValue(glyph, next) * scale;
  });
  return cursor - x;
}

/** Advance width of text in a font, kerning and ligatures included. */
export function advanceWidth(font: Font, text: string, size: number): number {
  try {
    return font.getAdvanceWidth(text, size, RENDER_OPTIONS);
  } catch {
    return simpleGlyphs(font, text, size);
  }
}

/** The outline of text with its baseline starting at (x, y), as SVG path data. */
export function textPathData(font: Font, text: string, x: number, y: number, size: number): string {
  try {
    return pathData(font.getPath(text, x, y, size, RENDER_OPTIONS));
  } catch {
    const parts: string[] = [];
    simpleGlyphs(font, text, size, (path) => parts.push(pathData(path)), x, y);
    return parts.join('');
  }
}

/** Unicode space separators (Zs): every one of them may stand in for another when a font lacks it. */
export const SPACE_SEPARATOR = /^\p{Zs}$/u;

/** A Shaper over a text's faces: each character goes to the first face that has a glyph for it. */
export function createShaper(faces: readonly LoadedFace[]): Shaper {
  const faceOf = new Map<string, number>();
  const pick = (char: string): number => {
    let index = faceOf.get(char);
    if (index === undefined) {
      const found = faces.findIndex((face) => face.font.charToGlyphIndex(char) > 0);
      // No face has it: the first face draws its .notdef glyph, as a browser would.
      index = found === -1 ? 0 : found;
      faceOf.set(char, index);
    }
    return index;
  };
  const hasGlyph = (char: string): boolean => faces.some((face) => face.font.charToGlyphIndex(char) > 0);
  return {
    segments(text) {
      const parts: { text: string; face: number }[] = [];
      for (const original of text) {
        // A space no font has (French narrow no-break space U+202F) is drawn as a plain space, not as .notdef.
        const char = SPACE_SEPARATOR.test(original) && !hasGlyph(original) ? ' ' : original;
        // Combining marks and joiners stay with the character before them.
        const face =
          /^[\p{M}\u200c\u200d]$/u.test(char) && parts.length > 0
            ? parts[parts.length - 1]!.face
            : pick(char);
        const last = parts[parts.length - 1];
        if (last && last.face === face) last.text += char;
        else parts.push({ text: char, face });
      }
      return parts;
    },
    advance(text, face, size) {
      return advanceWidth(faces[face]!.font, text, size);
    },
  };
}

/** The outline of one laid-out line as SVG path data (2 decimals; empty when nothing is drawn). */
export function linePathData(line: LaidOutLine, faces: readonly LoadedFace[]): string {
  return line.runs
    .map((run) => textPathData(faces[run.face]!.font, run.text, run.x, run.y, run.size))
    .join('');
}
