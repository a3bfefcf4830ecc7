import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFont, type LoadedFace } from './font-loader.js';
import { advanceWidth, createShaper, pathData, textPathData } from './glyphs.js';

const require = createRequire(import.meta.url);
const face = (pkg: string, file: string): LoadedFace => ({
  key: file,
  font: parseFont(readFileSync(require.resolve(`@fontsource/${pkg}/files/${file}`))),
});
const faces = [
  face('open-sans', 'open-sans-latin-400-normal.woff'),
  face('caveat', 'caveat-latin-700-normal.woff'),
  face('lato', 'lato-latin-700-normal.woff'),
  face('oswald', 'oswald-latin-400-normal.woff'),
  face('lora', 'lora-latin-400-italic.woff'),
];

describe('pathData', () => {
  it('writes two decimals and never NaN, even for tiny floating-point remainders', () => {
    const path = {
      commands: [
        { type: 'M', x: 143.08000000000001, y: 1e-14 },
        { type: 'Q', x1: -1e-15, y1: 2.005, x: 3, y: 4 },
        { type: 'Z' },
      ],
    };
    expect(pathData(path as never)).toBe('M143.08 0Q0 2.01 3 4Z');
  });

  it('draws any text in any of these fonts with finite numbers only', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.integer({ min: 0, max: faces.length - 1 }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        (text, index, x) => {
          const { font } = faces[index]!;
          expect(Number.isFinite(advanceWidth(font, text, 37))).toBe(true);
          expect(textPathData(font, text, x, 123.456, 37)).not.toMatch(/NaN|undefined|Infinity/);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('createShaper', () => {
  it('sends each character to the first face that has it, keeping marks with their base', () => {
    const shaper = createShaper([faces[0]!, face('open-sans', 'open-sans-cyrillic-400-normal.woff')]);
    expect(shaper.segments('Цена: 5 ₽')).toEqual([
      { text: 'Цена', face: 1 },
      // No face has ₽: the first face draws its .notdef.
      { text: ': 5 ₽', face: 0 },
    ]);
    expect(shaper.segments('e\u0301')).toEqual([{ text: 'e\u0301', face: 0 }]);
  });

  it('draws a space separator no face has as a plain space', () => {
    const shaper = createShaper([faces[0]!]);
    expect(faces[0]!.font.charToGlyphIndex('\u202f')).toBe(0);
    expect(shaper.segments('1\u202f234')).toEqual([{ text: '1 234', face: 0 }]);
  });
});
