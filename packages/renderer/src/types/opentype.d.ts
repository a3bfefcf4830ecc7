// opentype.js 2 ships no types (and @types/opentype.js describes version 1); this declares the part the
// renderer uses. Node loads its UMD build (the API under `default`), bundlers its ESM build (named).
declare module 'opentype.js' {
  /** Options of measuring and drawing; `features` turns OpenType features on by tag. */
  export interface RenderOptions {
    kerning?: boolean;
    features?: Record<string, boolean>;
    letterSpacing?: number;
  }

  export interface PathDataOptions {
    decimalPlaces?: number;
    optimize?: boolean;
    flipY?: boolean;
  }

  export type PathCommand =
    | { type: 'M' | 'L'; x: number; y: number }
    | { type: 'Q'; x1: number; y1: number; x: number; y: number }
    | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: 'Z' };

  export class Path {
    commands: PathCommand[];
    toPathData(options?: PathDataOptions): string;
  }

  export class Glyph {
    index: number;
    advanceWidth?: number;
    getPath(x: number, y: number, fontSize: number, options?: RenderOptions, font?: Font): Path;
  }

  export class Font {
    unitsPerEm: number;
    charToGlyph(char: string): Glyph;
    getKerningValue(left: Glyph, right: Glyph): number;
    ascender: number;
    descender: number;
    charToGlyphIndex(char: string): number;
    getAdvanceWidth(text: string, fontSize: number, options?: RenderOptions): number;
    getPath(text: string, x: number, y: number, fontSize: number, options?: RenderOptions): Path;
  }

  export function parse(buffer: ArrayBuffer, options?: Record<string, unknown>): Font;
}
