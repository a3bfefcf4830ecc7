import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RENDERER_ERRORS } from './errors.js';
import { evaluateMath, formatMathResult, MathExpressionError } from './math.js';

const INVALID = 'Invalid input: only numbers, basic operators for input value are allowed.';
const NOT_A_NUMBER = 'Failed to evaluate the expression: Result is not a valid number.';
const ALLOWED_CHARS = '0123456789+-*/(). ';

describe('evaluateMath', () => {
  it('follows precedence, associativity, parentheses and unary signs', () => {
    expect(evaluateMath('1+2*3')).toBe(7);
    expect(evaluateMath('(1+2)*3')).toBe(9);
    expect(evaluateMath('10-4-3')).toBe(3);
    expect(evaluateMath('64/4/2')).toBe(8);
    expect(evaluateMath('2*-3')).toBe(-6);
    expect(evaluateMath('-(2+3)')).toBe(-5);
    expect(evaluateMath('--4')).toBe(4);
    expect(evaluateMath(' 19.99 * 0.8 ')).toBeCloseTo(15.992, 12);
    expect(evaluateMath('.5+5.')).toBe(5.5);
  });

  it('rejects any other character with the spec text', () => {
    for (const input of ['abc', '2^3', '1,5', 'Math.PI', '1e3', '2\t+1', '', '19.99 USD*0.8', 'alert(1)']) {
      expect(() => evaluateMath(input)).toThrow(new MathExpressionError(INVALID));
    }
  });

  it('rejects a result that is not finite with the spec text, wrapped', () => {
    expect(() => evaluateMath('1/0')).toThrow(NOT_A_NUMBER);
    expect(() => evaluateMath('0/0')).toThrow(NOT_A_NUMBER);
    expect(() => evaluateMath('-1/0')).toThrow(NOT_A_NUMBER);
  });

  it('wraps syntax errors as Failed to evaluate the expression: {reason}', () => {
    expect(() => evaluateMath('1 +')).toThrow(
      'Failed to evaluate the expression: unexpected end of expression',
    );
    expect(() => evaluateMath('(1')).toThrow(
      'Failed to evaluate the expression: unexpected end of expression',
    );
    expect(() => evaluateMath('1)')).toThrow(
      "Failed to evaluate the expression: unexpected ')' at position 2",
    );
    expect(() => evaluateMath('1.2.3')).toThrow(
      "Failed to evaluate the expression: unexpected '.' at position 4",
    );
    expect(() => evaluateMath('2 3')).toThrow('Failed to evaluate the expression: unexpected');
    expect(() => evaluateMath('   ')).toThrow(
      'Failed to evaluate the expression: unexpected end of expression',
    );
  });

  it('survives hostile nesting with a spec error instead of a stack overflow', () => {
    const deep = `${'('.repeat(100_000)}1${')'.repeat(100_000)}`;
    expect(() => evaluateMath(deep)).toThrow(/^Failed to evaluate the expression: parentheses nested deeper/);
    expect(evaluateMath(`${'-'.repeat(100_001)}1`)).toBe(-1);
    expect(evaluateMath(`${'('.repeat(100)}1${')'.repeat(100)}`)).toBe(1);
  });

  it('uses the texts of the error catalogue', () => {
    expect(RENDERER_ERRORS.mathInvalidInput).toBe(INVALID);
    expect(RENDERER_ERRORS.mathNotANumber).toBe('Result is not a valid number.');
    expect(RENDERER_ERRORS.mathFailed('x')).toBe('Failed to evaluate the expression: x');
  });
});

describe('formatMathResult', () => {
  it('removes binary noise and keeps real digits', () => {
    expect(formatMathResult(19.99 * 0.8)).toBe('15.992');
    expect(formatMathResult(0.1 + 0.2)).toBe('0.3');
    expect(formatMathResult(-0)).toBe('0');
    expect(formatMathResult(1234567.5)).toBe('1234567.5');
  });
});

/** An expression tree, printed with the fewest parentheses that keep its evaluation order. */
type Expr = { number: string } | { neg: Expr } | { op: '+' | '-' | '*' | '/'; left: Expr; right: Expr };

const precedence = (expr: Expr): number => ('op' in expr ? (expr.op === '+' || expr.op === '-' ? 1 : 2) : 3);

const space = fc.constantFrom('', '', ' ', '  ');

const exprArbitrary: fc.Arbitrary<Expr> = fc.letrec<{ expr: Expr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .tuple(fc.stringMatching(/^\d{1,6}$/), fc.option(fc.stringMatching(/^\d{1,4}$/), { nil: undefined }))
      .map(([whole, fraction]) => ({ number: fraction === undefined ? whole : `${whole}.${fraction}` })),
    tie('expr').map((inner) => ({ neg: inner })),
    fc.record({ op: fc.constantFrom('+', '-', '*', '/'), left: tie('expr'), right: tie('expr') }),
  ),
})).expr;

/** The reference: evaluates the tree directly, in IEEE doubles like the parser. */
function reference(expr: Expr): number {
  if ('number' in expr) return Number(expr.number);
  if ('neg' in expr) return -reference(expr.neg);
  const left = reference(expr.left);
  const right = reference(expr.right);
  switch (expr.op) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      return left / right;
  }
}

function print(expr: Expr, spaces: () => string): string {
  if ('number' in expr) return expr.number;
  if ('neg' in expr) {
    const inner = print(expr.neg, spaces);
    return `-${'op' in expr.neg ? `(${inner})` : inner}`;
  }
  const own = precedence(expr);
  // The left side needs parentheses only below our precedence (operators are left-associative);
  // the right side also at equal precedence, since a-(b-c) and (a+b)+c differ in doubles.
  const left = print(expr.left, spaces);
  const right = print(expr.right, spaces);
  const l = precedence(expr.left) < own ? `(${left})` : left;
  const r = precedence(expr.right) <= own ? `(${right})` : right;
  return `${l}${spaces()}${expr.op}${spaces()}${r}`;
}

describe('evaluateMath properties', () => {
  it('equals an independent evaluation of the same expression tree', () => {
    fc.assert(
      fc.property(exprArbitrary, fc.infiniteStream(space), (expr, spaces) => {
        const text = print(expr, () => spaces.next().value);
        const expected = reference(expr);
        if (Number.isFinite(expected)) expect(evaluateMath(text)).toBe(expected);
        else expect(() => evaluateMath(text)).toThrow(NOT_A_NUMBER);
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects every input holding a character outside digits, + - * / ( ) . and space', () => {
    const outside = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 1 })
      .filter((c) => !ALLOWED_CHARS.includes(c));
    fc.assert(
      fc.property(
        fc.string({ maxLength: 10 }),
        outside,
        fc.string({ maxLength: 10 }),
        (before, bad, after) => {
          expect(() => evaluateMath(before + bad + after)).toThrow(new MathExpressionError(INVALID));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('returns a finite number or throws one of the spec errors for any string', () => {
    const almostValid = fc.string({ unit: fc.constantFrom(...ALLOWED_CHARS.split('')), maxLength: 30 });
    fc.assert(
      fc.property(fc.oneof(almostValid, fc.string({ unit: 'binary' })), (input) => {
        try {
          expect(Number.isFinite(evaluateMath(input))).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(MathExpressionError);
          const message = (error as Error).message;
          expect(message === INVALID || message.startsWith('Failed to evaluate the expression: ')).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
