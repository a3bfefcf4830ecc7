import { describe, expect, it } from 'vitest';
import { isDecimalText, shiftDecimal } from './decimalText.js';

describe('decimal text', () => {
  it('accepts what a number input holds', () => {
    for (const ok of ['49', '49.99', '-3', '.5', '50.', ' 7 ']) expect(isDecimalText(ok), ok).toBe(true);
    for (const bad of ['', '.', '-', 'abc', '1e3', '4,99', '1.2.3'])
      expect(isDecimalText(bad), bad).toBe(false);
  });
  it('moves the decimal point exactly', () => {
    expect(shiftDecimal('49.99', 2)).toBe('4999');
    expect(shiftDecimal('0.1', 2)).toBe('10');
    expect(shiftDecimal('50', -2)).toBe('0.5');
    expect(shiftDecimal('5', -2)).toBe('0.05');
    expect(shiftDecimal('-1234.5', -2)).toBe('-12.345');
    expect(shiftDecimal('-0', 2)).toBe('0');
    expect(shiftDecimal('007.10', 0)).toBe('7.1');
  });
});
