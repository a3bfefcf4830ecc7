import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IDENTITY, applyMatrix, multiply, rotation, scaling, translation, type Matrix } from './matrix.js';
import { formatSvgNumber } from './svgNumber.js';
import {
  TRANSFORM_NAMES,
  parseTransform,
  parseTransformList,
  transformFunctionMatrix,
  type TransformFunction,
  type TransformName,
} from './transform.js';

function expectMatrix(actual: Matrix, expected: Matrix): void {
  actual.forEach((value, index) => expect(value).toBeCloseTo(expected[index]!, 9));
}

const ARITIES: Record<TransformName, number[]> = {
  matrix: [6],
  translate: [1, 2],
  scale: [1, 2],
  rotate: [1, 3],
  skewX: [1],
  skewY: [1],
};

/** Numbers as the builder writes them (formatSvgNumber gives them back exactly). */
const number = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((value) => value / 100);

const transformFunction: fc.Arbitrary<TransformFunction> = fc.constantFrom(...TRANSFORM_NAMES).chain((name) =>
  fc
    .constantFrom(...ARITIES[name])
    .chain((arity) => fc.array(number, { minLength: arity, maxLength: arity }))
    .map((args) => ({ name, args })),
);

const separator = fc.constantFrom(' ', ',', ' , ', '\n', '\t', ', ');

function write(functions: readonly TransformFunction[], between: readonly string[]): string {
  return functions
    .map(
      (fn, index) =>
        `${index === 0 ? '' : (between[index] ?? ' ')}${fn.name}(${fn.args.map(formatSvgNumber).join(between[index] ?? ' ')})`,
    )
    .join('');
}

describe('parseTransformList', () => {
  it('reads every function SVG 1.1 has, with spaces or commas between arguments and functions', () => {
    expect(
      parseTransformList('translate(10 20) rotate(30,5,5), scale(2) skewX(10) skewY(-5) matrix(1 0 0 1 3 4)'),
    ).toEqual([
      { name: 'translate', args: [10, 20] },
      { name: 'rotate', args: [30, 5, 5] },
      { name: 'scale', args: [2] },
      { name: 'skewX', args: [10] },
      { name: 'skewY', args: [-5] },
      { name: 'matrix', args: [1, 0, 0, 1, 3, 4] },
    ]);
  });

  it('reads numbers as SVG writes them: signs and points separate numbers, exponents', () => {
    expect(parseTransformList('translate(1-2)')).toEqual([{ name: 'translate', args: [1, -2] }]);
    expect(parseTransformList('translate(.5.5)')).toEqual([{ name: 'translate', args: [0.5, 0.5] }]);
    expect(parseTransformList('scale(1e1 2.5E-1)')).toEqual([{ name: 'scale', args: [10, 0.25] }]);
    expect(parseTransformList('translate(1.)')).toEqual([{ name: 'translate', args: [1] }]);
  });

  it('reads an empty list or only spaces as no functions', () => {
    expect(parseTransformList('')).toEqual([]);
    expect(parseTransformList('  \n ')).toEqual([]);
  });

  it.each([
    ['text before', 'foo translate(10 20)'],
    ['text after', 'translate(10 20) foo'],
    ['an unknown function', 'translateX(10)'],
    ['a name in another case', 'Translate(10 20)'],
    ['no parentheses', 'translate 10 20'],
    ['an unclosed parenthesis', 'translate(10 20'],
    ['a word for a number', 'translate(ten 20)'],
    ['a hexadecimal number', 'translate(0x10 0)'],
    ['Infinity', 'scale(Infinity)'],
    ['NaN', 'scale(NaN)'],
    ['a unit', 'rotate(30deg)'],
    ['a leading comma', 'translate(,10 20)'],
    ['a trailing comma', 'translate(10 20,)'],
    ['two commas', 'translate(10,,20)'],
    ['a comma before the list', ', translate(10 20)'],
    ['a comma after the list', 'translate(10 20),'],
    ['two commas between functions', 'translate(10 20),,scale(2)'],
    ['matrix with five arguments', 'matrix(1 0 0 1 5)'],
    ['translate without arguments', 'translate()'],
    ['translate with three arguments', 'translate(1 2 3)'],
    ['rotate with two arguments', 'rotate(30 10)'],
    ['skewX with two arguments', 'skewX(10 10)'],
    ['none', 'none'],
  ])('is malformed with %s', (_, value) => {
    expect(parseTransformList(value)).toBeUndefined();
    expect(parseTransform(value)).toEqual(IDENTITY);
  });

  it('reads back any list written with its functions and separators', () => {
    fc.assert(
      fc.property(
        fc.array(transformFunction, { maxLength: 5 }),
        fc.array(separator, { maxLength: 5 }),
        (functions, between) => {
          expect(parseTransformList(write(functions, between))).toEqual(functions);
        },
      ),
    );
  });

  it('reads a well-formed list followed or preceded by anything that is not spaces as malformed', () => {
    fc.assert(
      fc.property(
        fc.array(transformFunction, { minLength: 1, maxLength: 3 }),
        fc
          .string({ minLength: 1, maxLength: 8 })
          .filter(
            (junk) =>
              /[^ \t\r\n]/.test(junk) && !/^[ \t\r\n,]*(matrix|translate|scale|rotate|skew)/.test(junk),
          ),
        fc.boolean(),
        (functions, junk, before) => {
          const written = write(functions, []);
          expect(parseTransformList(before ? `${junk} ${written}` : `${written} ${junk}`)).toBeUndefined();
        },
      ),
    );
  });
});

describe('parseTransform', () => {
  it('is the identity when absent', () => {
    expect(parseTransform(undefined)).toEqual(IDENTITY);
  });

  it('multiplies the functions from the left, as SVG applies the last one first', () => {
    expectMatrix(
      parseTransform('translate(10 20) rotate(90) scale(2 3)'),
      multiply(multiply(translation(10, 20), rotation(90)), scaling(2, 3)),
    );
    const point = applyMatrix(parseTransform('translate(10 20) scale(2)'), { x: 1, y: 1 });
    expect(point).toEqual({ x: 12, y: 22 });
  });

  it('turns about a centre with rotate(angle cx cy)', () => {
    const centre = applyMatrix(parseTransform('rotate(37 50 60)'), { x: 50, y: 60 });
    expect(centre.x).toBeCloseTo(50, 9);
    expect(centre.y).toBeCloseTo(60, 9);
  });

  it('never throws and always gives finite numbers, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (value) => {
        expect(parseTransform(value).every(Number.isFinite)).toBe(true);
      }),
    );
  });

  it('is the product of its functions for any well-formed list', () => {
    fc.assert(
      fc.property(fc.array(transformFunction, { maxLength: 4 }), (functions) => {
        const expected = functions.reduce<Matrix>(
          (m, fn) => multiply(m, transformFunctionMatrix(fn)),
          IDENTITY,
        );
        expect(parseTransform(write(functions, []))).toEqual(expected);
      }),
    );
  });
});

describe('formatSvgNumber', () => {
  it('writes at most 4 decimals, no exponent, no -0, 0 for what is not finite', () => {
    expect(formatSvgNumber(1.23456)).toBe('1.2346');
    expect(formatSvgNumber(-0.00001)).toBe('0');
    expect(formatSvgNumber(1e21)).toBe('1000000000000000000000');
    expect(formatSvgNumber(-2.5e22)).toMatch(/^-\d+$/);
    expect(Number(formatSvgNumber(-2.5e22))).toBe(-2.5e22);
    expect(formatSvgNumber(Number.NaN)).toBe('0');
    expect(formatSvgNumber(Number.POSITIVE_INFINITY)).toBe('0');
    expect(formatSvgNumber(12)).toBe('12');
  });

  it('reads back as the number rounded to 4 decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (value) => {
        expect(Number(formatSvgNumber(value))).toBeCloseTo(value, 3);
        expect(formatSvgNumber(value)).not.toMatch(/e/i);
      }),
    );
  });
});
