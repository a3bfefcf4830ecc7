/**
 * The SVG `transform` attribute (SVG 1.1, section 7.6), read one way by the builder and the renderer.
 *
 * Malformed input: a list that does not follow the grammar (an unknown function or other text around the
 * functions, a number that is not one, a function with the wrong number of arguments) is malformed as a
 * whole and reads as no transform, as SVG engines ignore an attribute in error (template-format.md: the
 * drawable content is plain SVG 1.1 that any SVG engine renders the same). Function names are
 * case-sensitive; numbers follow SVG's grammar, so `translate(1-2)` is (1, -2) and `0x10` is no number.
 */
import {
  IDENTITY,
  multiply,
  rotation,
  scaling,
  skewingX,
  skewingY,
  translation,
  type Matrix,
} from './matrix.js';

export const TRANSFORM_NAMES = ['matrix', 'translate', 'scale', 'rotate', 'skewX', 'skewY'] as const;
export type TransformName = (typeof TRANSFORM_NAMES)[number];

/** One function of a transform list, its arguments as written. */
export interface TransformFunction {
  readonly name: TransformName;
  readonly args: readonly number[];
}

/** How many arguments each function takes (SVG 1.1 grammar). */
const ARITIES: Readonly<Record<TransformName, readonly number[]>> = {
  matrix: [6],
  translate: [1, 2],
  scale: [1, 2],
  rotate: [1, 3],
  skewX: [1],
  skewY: [1],
};

const WSP = /[ \t\r\n]*/y;
const NAME = /(matrix|translate|scale|rotate|skewX|skewY)/y;
const NUMBER = /[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;

/** A reader of one transform list, moving through it from the start. */
class Reader {
  at = 0;

  constructor(private readonly text: string) {}

  get done(): boolean {
    return this.at >= this.text.length;
  }

  /** Matches a sticky pattern here; the matched text, or undefined (nothing consumed). */
  take(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.at;
    const match = pattern.exec(this.text);
    if (!match) return undefined;
    this.at = pattern.lastIndex;
    return match[0];
  }

  skipSpace(): void {
    this.take(WSP);
  }

  /** Takes `char` (after optional spaces); whether it was there. */
  char(char: string): boolean {
    this.skipSpace();
    if (this.text[this.at] !== char) return false;
    this.at += 1;
    return true;
  }
}

/** The arguments between a function's parentheses, or undefined when they break the grammar. */
function readArgs(reader: Reader): number[] | undefined {
  const args: number[] = [];
  for (;;) {
    if (reader.char(')')) return args;
    if (args.length > 0) reader.char(',');
    reader.skipSpace();
    const number = reader.take(NUMBER);
    if (number === undefined) return undefined;
    const value = Number(number);
    if (!Number.isFinite(value)) return undefined;
    args.push(value);
  }
}

/** The functions of a transform list (none for an empty one); undefined when the list is malformed. */
export function parseTransformList(value: string): TransformFunction[] | undefined {
  const reader = new Reader(value);
  const functions: TransformFunction[] = [];
  reader.skipSpace();
  while (!reader.done) {
    if (functions.length > 0) {
      reader.char(',');
      reader.skipSpace();
    }
    const name = reader.take(NAME) as TransformName | undefined;
    if (name === undefined || !reader.char('(')) return undefined;
    const args = readArgs(reader);
    if (args === undefined || !ARITIES[name].includes(args.length)) return undefined;
    functions.push({ name, args });
    reader.skipSpace();
  }
  return functions;
}

/** The matrix of one transform function (its arguments must fit it, as parseTransformList checks). */
export function transformFunctionMatrix({ name, args }: TransformFunction): Matrix {
  const [p = 0, q, r, s = 0, t = 0, u = 0] = args;
  switch (name) {
    case 'matrix':
      return [p, q ?? 0, r ?? 0, s, t, u];
    case 'translate':
      return translation(p, q ?? 0);
    case 'scale':
      return scaling(p, q ?? p);
    case 'rotate': {
      const cx = q ?? 0;
      const cy = r ?? 0;
      return multiply(multiply(translation(cx, cy), rotation(p)), translation(-cx, -cy));
    }
    case 'skewX':
      return skewingX(p);
    case 'skewY':
      return skewingY(p);
  }
}

/** A transform list as one matrix: the identity when absent, empty or malformed (see the file comment). */
export function parseTransform(value: string | undefined): Matrix {
  const functions = value === undefined ? [] : (parseTransformList(value) ?? []);
  return functions.reduce<Matrix>((matrix, fn) => multiply(matrix, transformFunctionMatrix(fn)), IDENTITY);
}
