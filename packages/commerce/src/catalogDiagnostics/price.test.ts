import { describe, expect, it } from 'vitest';
import { priceIssues } from './price.js';

describe('priceIssues', () => {
  it('finds nothing wrong with a price in a currency, and a lower sale price', () => {
    expect(priceIssues({ priceAmount: 1999, salePriceAmount: null, currency: 'USD' })).toEqual([]);
    expect(priceIssues({ priceAmount: 1999, salePriceAmount: 1499, currency: 'EUR' })).toEqual([]);
  });

  it('calls a price of 0 or none missing, for both networks', () => {
    expect(priceIssues({ priceAmount: null, salePriceAmount: null, currency: null })).toEqual([
      'missing_price',
    ]);
    expect(priceIssues({ priceAmount: 0, salePriceAmount: null, currency: 'USD' })).toEqual([
      'missing_price',
    ]);
    expect(priceIssues({ priceAmount: 1, salePriceAmount: null, currency: 'USD' })).toEqual([]);
  });

  it('wants an ISO 4217 code once a price is given', () => {
    expect(priceIssues({ priceAmount: 1999, salePriceAmount: null, currency: null })).toEqual([
      'missing_currency',
    ]);
    expect(priceIssues({ priceAmount: 1999, salePriceAmount: null, currency: ' ' })).toEqual([
      'missing_currency',
    ]);
    expect(priceIssues({ priceAmount: 1999, salePriceAmount: null, currency: 'usd' })).toEqual([
      'invalid_currency',
    ]);
    expect(priceIssues({ priceAmount: 1999, salePriceAmount: null, currency: '$' })).toEqual([
      'invalid_currency',
    ]);
    expect(priceIssues({ priceAmount: 1999, salePriceAmount: null, currency: 'EURO' })).toEqual([
      'invalid_currency',
    ]);
    expect(priceIssues({ priceAmount: null, salePriceAmount: 999, currency: null })).toEqual([
      'missing_price',
      'missing_currency',
    ]);
  });

  it('flags a sale price at or above the price', () => {
    expect(priceIssues({ priceAmount: 1999, salePriceAmount: 1998, currency: 'USD' })).toEqual([]);
    expect(priceIssues({ priceAmount: 1999, salePriceAmount: 1999, currency: 'USD' })).toEqual([
      'sale_price_not_below_price',
    ]);
    expect(priceIssues({ priceAmount: 1999, salePriceAmount: 2500, currency: 'USD' })).toEqual([
      'sale_price_not_below_price',
    ]);
  });
});
