import { parseProductSetFilter } from '@adloom/commerce';
import { describe, expect, it } from 'vitest';
import { foldCase, FOLD_FROM, FOLD_TO, matchesFilter, type FilterableItem } from './filter.js';

const item = (over: Partial<FilterableItem> = {}): FilterableItem => ({
  itemId: 'sku-1',
  title: 'Red Shoe',
  description: '',
  availability: 'in stock',
  condition: 'new',
  brand: 'Acme',
  itemGroupId: 'g1',
  productType: 'Shoes > Running',
  googleProductCategory: '187',
  customLabel0: '',
  customLabel1: '',
  customLabel2: '',
  customLabel3: '',
  customLabel4: '',
  currency: 'EUR',
  link: 'https://shop.test/p/1',
  imageLink: 'https://shop.test/p/1.jpg',
  priceAmount: 4999,
  salePriceAmount: null,
  inventory: 3,
  rating: 4.5,
  reviewCount: null,
  extra: { size: '42', 'Shoe width': 'wide', margin: '12.50' },
  ...over,
});

const matches = (json: unknown, it = item()) => matchesFilter(parseProductSetFilter(json), it);
describe('matchesFilter', () => {
  it('matches everything with {}', () => {
    expect(matches({})).toBe(true);
  });

  it('compares text exactly with eq, neq, is_any, is_not_any', () => {
    expect(matches({ brand: { eq: 'Acme' } })).toBe(true);
    expect(matches({ brand: { eq: 'acme' } })).toBe(false);
    expect(matches({ brand: { neq: 'acme' } })).toBe(true);
    expect(matches({ brand: { is_any: ['Bravo', 'Acme'] } })).toBe(true);
    expect(matches({ brand: { is_not_any: ['Bravo', 'Acme'] } })).toBe(false);
    expect(matches({ customLabel0: { eq: '' } })).toBe(false); // an extra field, which the item lacks
    expect(matches({ custom_label_0: { eq: '' } })).toBe(true); // the empty string is a value
    expect(matches({ google_product_category: { eq: 187 } })).toBe(true);
  });

  it('knows the aliases retailer_id and retailer_product_group_id', () => {
    expect(matches({ retailer_id: { eq: 'sku-1' } })).toBe(true);
    expect(matches({ retailer_product_group_id: { eq: 'g1' } })).toBe(true);
  });

  it('distinguishes case in contains and starts_with, and folds it in the i_ operators', () => {
    expect(matches({ title: { contains: 'Shoe' } })).toBe(true);
    expect(matches({ title: { contains: 'shoe' } })).toBe(false);
    expect(matches({ title: { not_contains: 'shoe' } })).toBe(true);
    expect(matches({ title: { i_contains: 'SHOE' } })).toBe(true);
    expect(matches({ title: { i_not_contains: 'SHOE' } })).toBe(false);
    expect(matches({ title: { starts_with: 'Red' } })).toBe(true);
    expect(matches({ title: { starts_with: 'red' } })).toBe(false);
    expect(matches({ title: { i_starts_with: 'rED s' } })).toBe(true);
    expect(matches({ title: { i_contains: 'ÉTÉ' } }, item({ title: 'Collection été' }))).toBe(true);
    expect(matches({ title: { contains: '%' } })).toBe(false);
  });

  it('compares numeric fields as numbers', () => {
    expect(matches({ price_amount: { lt: 5000 } })).toBe(true);
    expect(matches({ price_amount: { lt: 4999 } })).toBe(false);
    expect(matches({ price_amount: { lte: 4999 } })).toBe(true);
    expect(matches({ price_amount: { gt: 4999 } })).toBe(false);
    expect(matches({ price_amount: { gte: 4999 } })).toBe(true);
    expect(matches({ price_amount: { eq: 4999 } })).toBe(true);
    expect(matches({ price_amount: { neq: 4999 } })).toBe(false);
    expect(matches({ rating: { is_any: [4, 4.5] } })).toBe(true);
    expect(matches({ inventory: { is_not_any: [3] } })).toBe(false);
  });

  it('reads text as a plain decimal under lt, lte, gt, gte', () => {
    expect(matches({ margin: { gt: 12 } })).toBe(true);
    expect(matches({ margin: { lte: 12.5 } })).toBe(true);
    expect(matches({ size: { gte: 42 } })).toBe(true);
    expect(matches({ 'Shoe width': { lt: 100 } })).toBe(false);
    expect(matches({ margin: { lt: 100 } }, item({ extra: { margin: '1e1' } }))).toBe(false);
    expect(matches({ google_product_category: { gt: 100 } })).toBe(true);
  });

  it('never matches a missing value with a positive operator, always with a negated one', () => {
    const missing: [string, unknown][] = [
      ['sale_price_amount', 5],
      ['review_count', 5],
      ['color', 'red'],
    ];
    for (const [field, value] of missing) {
      const text = typeof value === 'string';
      expect(matches({ [field]: { eq: value } })).toBe(false);
      expect(matches({ [field]: { neq: value } })).toBe(true);
      expect(matches({ [field]: { lt: 1e9 } })).toBe(false);
      expect(matches({ [field]: { gte: -1e9 } })).toBe(false);
      expect(matches({ [field]: { is_any: [value] } })).toBe(false);
      expect(matches({ [field]: { is_not_any: [value] } })).toBe(true);
      if (!text) continue;
      expect(matches({ [field]: { contains: '' } })).toBe(false);
      expect(matches({ [field]: { i_contains: '' } })).toBe(false);
      expect(matches({ [field]: { starts_with: '' } })).toBe(false);
      expect(matches({ [field]: { i_starts_with: '' } })).toBe(false);
      expect(matches({ [field]: { not_contains: 'x' } })).toBe(true);
      expect(matches({ [field]: { i_not_contains: 'x' } })).toBe(true);
    }
    expect(matches({ currency: { neq: 'EUR' } }, item({ currency: null }))).toBe(true);
    // An extra field's name is looked up on the item itself, never on its prototype.
    expect(matches({ toString: { i_contains: 'function' } })).toBe(false);
  });

  it('combines rules with and / or, nested', () => {
    const json = {
      and: [
        { brand: { eq: 'Acme' } },
        { or: [{ price_amount: { lt: 1000 } }, { availability: { i_contains: 'STOCK' } }] },
      ],
    };
    expect(matches(json)).toBe(true);
    expect(matches(json, item({ availability: 'out of stock' }))).toBe(true);
    expect(matches(json, item({ availability: 'preorder' }))).toBe(false);
    expect(matches(json, item({ availability: 'preorder', priceAmount: 999 }))).toBe(true);
    expect(matches(json, item({ brand: 'Bravo' }))).toBe(false);
  });
});

describe('foldCase', () => {
  it('lower-cases one character to one, whatever the locale', () => {
    expect(foldCase('ÉTÉ ΣΟΦΙΑ Ёлка ABC')).toBe('été σοφια ёлка abc');
    // İ lower-cases to two characters in Unicode, so the table leaves it alone.
    expect(foldCase('İ')).toBe('İ');
    expect([...FOLD_FROM].length).toBe([...FOLD_TO].length);
  });
});
