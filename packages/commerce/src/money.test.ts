import { describe, expect, it } from 'vitest';
import { decimalToCents, formatCents, parsePrice, PriceError, withCurrency } from './money.js';

describe('parsePrice', () => {
  it.each([
    ['15.00 USD', 1500, 'USD'],
    ['USD 15.00', 1500, 'USD'],
    ['15 USD', 1500, 'USD'],
    ['15USD', 1500, 'USD'],
    ['15.5 usd', 1550, 'USD'],
    ['1,299.00 USD', 129900, 'USD'],
    ['1.299,00 EUR', 129900, 'EUR'],
    ['15,00 EUR', 1500, 'EUR'],
    ['15,5 EUR', 1550, 'EUR'],
    ['1,299 USD', 129900, 'USD'],
    ['1.299 EUR', 129900, 'EUR'],
    ['1.299.000 EUR', 129900000, 'EUR'],
    ['1,299,000.50 USD', 129900050, 'USD'],
    ['1 299,00 EUR', 129900, 'EUR'],
    ['1\u00a0299,00 EUR', 129900, 'EUR'],
    ["1'299.00 CHF", 129900, 'CHF'],
    ['0.125 KWD', 13, 'KWD'],
    ['1234.567 USD', 123457, 'USD'],
    ['0 USD', 0, 'USD'],
    ['15.00', 1500, null],
    ['42', 4200, null],
  ])('reads %s', (value, amount, currency) => {
    expect(parsePrice(value)).toEqual({ amount, currency });
  });

  it.each([
    ['-15.00 USD', 'a price cannot be negative'],
    ['USD -1', 'a price cannot be negative'],
    ['$15.00', 'write an amount and an ISO 4217 currency code, e.g. 15.00 USD'],
    ['15.00 €', 'write an amount and an ISO 4217 currency code, e.g. 15.00 USD'],
    ['free', 'write an amount and an ISO 4217 currency code, e.g. 15.00 USD'],
    ['USD 15 EUR', 'write an amount and an ISO 4217 currency code, e.g. 15.00 USD'],
    ['15.00 XYZ', 'XYZ is not an ISO 4217 currency code'],
    ['1,2,3 USD', 'the amount is not a number'],
    ['1.2,3.4 USD', 'the amount is not a number'],
    ['15 00 EUR', 'the amount is not a number'],
  ])('refuses %s', (value, message) => {
    expect(() => parsePrice(value)).toThrow(message);
  });

  it('throws a PriceError', () => {
    expect(() => parsePrice('free')).toThrow(PriceError);
  });
});

describe('formatCents', () => {
  it('writes cents as a two-decimal string', () => {
    expect(formatCents(12900)).toBe('129.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(123456789)).toBe('1234567.89');
    expect(formatCents(-1999)).toBe('-19.99');
  });
});

describe('cents and decimal text', () => {
  it('converts prices between decimals and minor units without float errors', () => {
    expect(decimalToCents('49.99')).toBe(4999);
    expect(decimalToCents('0.29')).toBe(29);
    expect(decimalToCents('1.005')).toBe(100.5);
    expect(formatCents(5000)).toBe('50.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(4999.5)).toBe('49.995');
    expect(formatCents(-250)).toBe('-2.50');
  });
});

describe('withCurrency', () => {
  it('writes the currency code after the amount, when there is one', () => {
    expect(withCurrency('49.99', 'USD')).toBe('49.99 USD');
    expect(withCurrency('49.99', null)).toBe('49.99');
    expect(withCurrency('49.99', '')).toBe('49.99');
  });
});
