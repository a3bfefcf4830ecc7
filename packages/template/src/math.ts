/**
 * The `math` text filter's evaluator: a small recursive-descent parser over digits, + - * / ( ) . and
 * spaces. Never eval or Function: a template is user input and runs on the server too.
 *
 *   expression := term (('+' | '-') term)*
 *   term       := factor (('*' | '/') factor)*
 *   factor     := ('+' | '-')* (number | '(' expression ')')
 *   number     := digits ['.' digits?] | '.' digits
 */
import { RENDERER_ERRORS } from './errors.js';

/** Thrown by evaluateMath; its message is always one of the spec's texts (section 8). */
export class MathExpressionError extends Error {
  override name = 'MathExpressionError';
}

const ALLOWED = /^[0-9+\-*/(). ]+$/;
// Parentheses recurse; a bound keeps a hostile template from exhausting the stack.
const MAX_DEPTH = 100;

// Sticky, so a number is read where the parser stands without slicing the text.
const NUMBER = /\d+(?:\.\d*)?|\.\d+/y;

class SyntaxFailure extends Error {}

class Parser {
  private position = 0;

  constructor(private readonly text: string) {}

  parse(): number {
    const value = this.expression(0);
    this.skipSpaces();
    if (this.position < this.text.length) this.fail();
    return value;
  }

  private expression(depth: number): number {
    let value = this.term(depth);
    for (;;) {
      this.skipSpaces();
      const operator = this.text[this.position];
      if (operator !== '+' && operator !== '-') return value;
      this.position += 1;
      const right = this.term(depth);
      value = operator === '+' ? value + right : value - right;
    }
  }

  private term(depth: number): number {
    let value = this.factor(depth);
    for (;;) {
      this.skipSpaces();
      const operator = this.text[this.position];
      if (operator !== '*' && operator !== '/') return value;
      this.position += 1;
      const right = this.factor(depth);
      value = operator === '*' ? value * right : value / right;
    }
  }

  private factor(depth: number): number {
    let sign = 1;
    // Unary signs loop rather than recurse, so '------1' cannot overflow the stack.
    for (;;) {
      this.skipSpaces();
      const char = this.text[this.position];
      if (char === '-') sign = -sign;
      else if (char !== '+') break;
      this.position += 1;
    }
    if (this.text[this.position] === '(') {
      if (depth >= MAX_DEPTH) throw new SyntaxFailure(`parentheses nested deeper than ${MAX_DEPTH}`);
      this.position += 1;
      const value = this.expression(depth + 1);
      this.skipSpaces();
      if (this.text[this.position] !== ')') this.fail();
      this.position += 1;
      return sign * value;
    }
    return sign * this.number();
  }

  private number(): number {
    NUMBER.lastIndex = this.position;
    const match = NUMBER.exec(this.text);
    if (!match) this.fail();
    this.position += match[0].length;
    return Number(match[0]);
  }

  private skipSpaces(): void {
    while (this.text[this.position] === ' ') this.position += 1;
  }

  private fail(): never {
    const char = this.text[this.position];
    throw new SyntaxFailure(
      char === undefined
        ? 'unexpected end of expression'
        : `unexpected '${char}' at position ${this.position + 1}`,
    );
  }
}

/**
 * Evaluates an arithmetic expression. Throws MathExpressionError with 'Invalid input: ...' for any other
 * character, and 'Failed to evaluate the expression: {reason}' for a syntax error or a result that is
 * not finite (reason 'Result is not a valid number.').
 */
export function evaluateMath(expression: string): number {
  if (!ALLOWED.test(expression)) throw new MathExpressionError(RENDERER_ERRORS.mathInvalidInput);
  let result: number;
  try {
    result = new Parser(expression).parse();
  } catch (error) {
    if (!(error instanceof SyntaxFailure)) throw error;
    throw new MathExpressionError(RENDERER_ERRORS.mathFailed(error.message));
  }
  if (!Number.isFinite(result)) {
    throw new MathExpressionError(RENDERER_ERRORS.mathFailed(RENDERER_ERRORS.mathNotANumber));
  }
  return result;
}

/** Writes a math result without binary noise: 19.99 * 0.8 shows as 15.992, not 15.992000000000001. */
export function formatMathResult(value: number): string {
  // 15 significant digits are always exact for a double, so this only removes representation noise.
  return String(Number(value.toPrecision(15)));
}
