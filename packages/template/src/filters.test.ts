import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyFilter,
  capitalize,
  integerDivide,
  maxLength,
  removePattern,
  titlecase,
  uppercase,
  type FilterCall,
} from './filters.js';

const call = (name: string, arg: string | null = null): FilterCall => ({ name, arg });

describe('idiv', () => {
  it('divides and drops the remainder, toward zero', () => {
    expect(applyFilter('1999', call('idiv', '100'))).toBe('19');
    expect(applyFilter('-7', call('idiv', '2'))).toBe('-3');
    expect(applyFilter('75 USD', call('idiv', '10'))).toBe('7');
  });

  it('fails on a zero, missing or non-numeric divisor and on a non-numeric value', () => {
    expect(() => applyFilter('10', call('idiv', '0'))).toThrow(/non-zero number/);
    expect(() => applyFilter('10', call('idiv'))).toThrow(/needs an argument/);
    expect(() => applyFilter('10', call('idiv', 'x'))).toThrow(/non-zero number/);
    expect(() => applyFilter('ten', call('idiv', '2'))).toThrow("'ten' is not a number");
  });

  it('satisfies a = q * b + r with |r| < |b| and r of the sign of a', () => {
    const nonZero = fc.integer({ min: -1000, max: 1000 }).filter((b) => b !== 0);
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), nonZero, (a, b) => {
        const q = Number(integerDivide(String(a), String(b)));
        const r = a - q * b;
        expect(Math.abs(r)).toBeLessThan(Math.abs(b));
        expect(r === 0 || Math.sign(r) === Math.sign(a)).toBe(true);
      }),
    );
  });
});

describe('math', () => {
  it('appends the expression to the value', () => {
    expect(applyFilter('19.99', call('math', '*0.8'))).toBe('15.992');
    expect(applyFilter('10', call('math', ' + 5'))).toBe('15');
    expect(applyFilter('3', call('math', '*(2+1)'))).toBe('9');
  });

  it('fails with the spec texts', () => {
    expect(() => applyFilter('9.99 USD', call('math', '*2'))).toThrow(
      'Invalid input: only numbers, basic operators for input value are allowed.',
    );
    expect(() => applyFilter('1', call('math', '/0'))).toThrow(
      'Failed to evaluate the expression: Result is not a valid number.',
    );
  });

  it('agrees with the arithmetic it was given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 1000 }), (value, factor) => {
        expect(applyFilter(String(value), call('math', `*${factor}`))).toBe(String(value * factor));
        expect(applyFilter(String(value), call('math', `-${factor}`))).toBe(String(value - factor));
      }),
    );
  });
});

describe('format', () => {
  it('formats with a pattern and an optional locale', () => {
    expect(applyFilter('1234.5', call('format', '#,##0.00'))).toBe('1,234.50');
    expect(applyFilter('1234.5', call('format', '#,##0.00:de'))).toBe('1.234,50');
    expect(applyFilter('1234.5 USD', call('format', '0'))).toBe('1235');
  });

  it('fails on an unknown locale, a bad pattern or a non-numeric value', () => {
    expect(() => applyFilter('1', call('format', '0.00:it'))).toThrow("Unknown number locale 'it'");
    expect(() => applyFilter('1', call('format', 'abc'))).toThrow(/not a number pattern/);
    expect(() => applyFilter('one', call('format', '0'))).toThrow(/not a number/);
  });
});

describe('uppercase', () => {
  it('capitalises every letter', () => {
    expect(applyFilter('Nike Air', call('uppercase'))).toBe('NIKE AIR');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(uppercase(uppercase(text))).toBe(uppercase(text));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('titlecase', () => {
  it('capitalises words and leaves small words lowercase unless first', () => {
    expect(applyFilter('THE LORD OF THE RINGS', call('titlecase'))).toBe('The Lord of the Rings');
    expect(titlecase('a tale of two cities')).toBe('A Tale of Two Cities');
    expect(titlecase('salt and pepper  grinder')).toBe('Salt and Pepper  Grinder');
    expect(titlecase('"bread" and (butter)')).toBe('"Bread" and (Butter)');
    expect(titlecase('')).toBe('');
  });

  it('is idempotent on ASCII text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(titlecase(titlecase(text))).toBe(titlecase(text));
      }),
    );
  });
});

describe('capitalize', () => {
  it('capitalises the first letter and lowercases the rest', () => {
    expect(applyFilter('hELLO World', call('capitalize'))).toBe('Hello world');
    expect(capitalize('  émile')).toBe('  Émile');
    expect(capitalize('123')).toBe('123');
  });
});

describe('maxlength', () => {
  it('cuts at a word boundary', () => {
    expect(applyFilter('The quick brown fox', call('maxlength', '12'))).toBe('The quick');
    expect(applyFilter('The quick brown fox', call('maxlength', '9'))).toBe('The quick');
    expect(applyFilter('The quick brown fox', call('maxlength', '10'))).toBe('The quick');
    expect(applyFilter('short', call('maxlength', '10'))).toBe('short');
  });

  it('cuts a first word longer than N hard, so something is shown', () => {
    expect(maxLength('Supercalifragilistic word', 5)).toBe('Super');
  });

  it('counts code points, never splitting an emoji', () => {
    expect(maxLength('😀😀😀', 2)).toBe('😀😀');
  });

  it('fails without a whole number', () => {
    expect(() => applyFilter('x', call('maxlength', '-1'))).toThrow(/whole number/);
    expect(() => applyFilter('x', call('maxlength', '2.5'))).toThrow(/whole number/);
  });

  it('never exceeds N and ends at a word boundary', () => {
    const words = fc
      .array(fc.oneof(fc.stringMatching(/^[a-zé😀]{1,8}$/u), fc.constantFrom(' ', '  ', '\n')), {
        maxLength: 12,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        fc.oneof(words, fc.string({ unit: 'binary' })),
        fc.integer({ min: 0, max: 40 }),
        (text, limit) => {
          const result = maxLength(text, limit);
          expect(Array.from(result).length).toBeLessThanOrEqual(limit);
          expect(text.startsWith(result)).toBe(true);
          if (Array.from(text).length <= limit) {
            expect(result).toBe(text);
            return;
          }
          expect(result).toBe(result.trimEnd());
          const head = Array.from(text).slice(0, limit).join('');
          const boundaryInHead = /\S\s/.test(
            Array.from(text)
              .slice(0, limit + 1)
              .join(''),
          );
          if (boundaryInHead) expect(/^\s/.test(text.slice(result.length))).toBe(true);
          else expect(result).toBe(head.trimEnd());
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('remove', () => {
  it('deletes every match of the regular expression', () => {
    expect(applyFilter('Nike® Air™', call('remove', '[®™]'))).toBe('Nike Air');
    expect(applyFilter('a1b22c333', call('remove', '\\d+'))).toBe('abc');
  });

  it('fails on an invalid regular expression', () => {
    expect(() => applyFilter('x', call('remove', '('))).toThrow("'(' is not a valid regular expression");
    // RE2 syntax: no backreferences or lookaround.
    expect(() => applyFilter('aa', call('remove', '(a)\\1'))).toThrow('is not a valid regular expression');
  });

  it('matches in linear time: a catastrophic pattern on a long value returns', () => {
    // A backtracking engine (JavaScript's own) would not finish these in any useful time.
    const value = `${'a'.repeat(5000)}!`;
    expect(removePattern(value, '(a+)+$')).toBe(value);
    expect(removePattern(value, '(a|a)*b')).toBe(value);
    expect(removePattern(`${'ab'.repeat(2000)}`, '(ab|a)*c')).toBe('ab'.repeat(2000));
  });

  it('removes Unicode text as JavaScript strings hold it', () => {
    expect(removePattern('Café — 50 % off 🎉', ' ?🎉|—')).toBe('Café  50 % off');
  });

  it('leaves no occurrence of a removed character', () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^[a-z0-9]$/), (text, char) => {
        expect(removePattern(text, `[${char}]`)).not.toContain(char);
      }),
    );
  });
});

describe('unknown filters', () => {
  it('fail with the list of known ones', () => {
    expect(() => applyFilter('x', call('lowercase'))).toThrow(
      "Unknown filter 'lowercase'; known filters: idiv, math, format, uppercase, titlecase, capitalize, maxlength, remove",
    );
  });
});
