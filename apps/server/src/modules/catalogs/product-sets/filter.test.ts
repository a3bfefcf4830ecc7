import { describe, expect, it } from 'vitest';
import {
  describeFilter,
  filterToJson,
  foldCase,
  FOLD_FROM,
  FOLD_TO,
  matchesFilter,
  parseProductSetFilter,
  ProductSetFilterError,
  type FilterableItem,
} from './filter.js';

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
const parseError = (json: unknown) => {
  try {
    parseProductSetFilter(json);
  } catch (error) {
    expect(error).toBeInstanceOf(ProductSetFilterError);
    return (error as Error).message;
  }
  throw new Error('the filter parsed');
};

describe('parseProductSetFilter', () => {
  it('names the path and the problem', () => {
    const deep = (levels: number): unknown =>
      levels === 0 ? { brand: { eq: 'x' } } : { and: [deep(levels - 1)] };
    const cases: [unknown, string][] = [
      [
        { and: [{ brand: { eq: 'A' } }, { price_amount: { lt: 'abc' } }] },
        `and[1].price_amount: 'lt' needs a number, got "abc"`,
      ],
      [
        { brand: { like: 'A' } },
        `brand: unknown operator 'like'; use one of eq, neq, lt, lte, gt, gte, contains, not_contains, i_contains, i_not_contains, starts_with, i_starts_with, is_any, is_not_any`,
      ],
      [{ or: [] }, `or: 'or' needs at least one rule`],
      [{ and: [{ or: [] }] }, `and[0].or: 'or' needs at least one rule`],
      [{ and: {} }, `and: 'and' needs a list of rules, got an object`],
      [deep(11), `${'and[0].'.repeat(10)}and: nesting deeper than 10 levels`],
      [
        { or: Array.from({ length: 501 }, (_, i) => ({ id: { eq: `i${i}` } })) },
        'or[500].id: more than 500 rules',
      ],
      [{ title: { contains: 'x'.repeat(1001) } }, `title: 'contains' value is longer than 1000 characters`],
      [{ ['f'.repeat(1001)]: { eq: 'x' } }, 'a field name is longer than 1000 characters'],
      [{ '': { eq: 'x' } }, 'a field name is empty'],
      [{ title: { eq: 'a\u0000b' } }, `title: 'eq' value contains a NUL character or an unpaired surrogate`],
      [[], 'The filter must be a JSON object such as {"brand": {"eq": "Acme"}}, got a list'],
      [null, 'The filter must be a JSON object such as {"brand": {"eq": "Acme"}}, got null'],
      [{ and: [{}] }, 'and[0]: an empty rule; only the whole filter may be {}'],
      [{ and: ['brand'] }, 'and[0]: a rule must be an object, got "brand"'],
      [
        { brand: { eq: 'A' }, title: { eq: 'B' } },
        'a rule has one key (a field, "and" or "or"), got 2 (brand, title); combine them with "and"',
      ],
      [{ brand: 'Acme' }, 'brand: needs an operator object such as {"eq": "value"}, got "Acme"'],
      [{ brand: {} }, 'brand: needs an operator such as {"eq": "value"}'],
      [
        { price_amount: { gt: 1, lt: 5 } },
        'price_amount: one operator per rule, got 2 (gt, lt); combine rules with "and"',
      ],
      [
        { price_amount: { contains: '9' } },
        `price_amount: 'contains' needs a text field; price_amount is a number`,
      ],
      [{ title: { contains: 5 } }, `title: 'contains' needs a string, got 5`],
      [{ title: { eq: true } }, `title: 'eq' needs a string or a number, got true`],
      [{ inventory: { eq: '3 units' } }, `inventory: 'eq' needs a number, got "3 units"`],
      [{ brand: { is_any: 'Acme' } }, `brand: 'is_any' needs a list, got "Acme"`],
      [{ brand: { is_not_any: [] } }, `brand: 'is_not_any' needs at least one value`],
      [{ price_amount: { is_any: [1, 'x'] } }, `price_amount: 'is_any' value [1] needs a number, got "x"`],
      [{ brand: { is_any: ['A', null] } }, `brand: 'is_any' value [1] needs a string or a number, got null`],
    ];
    for (const [json, message] of cases) expect(parseError(json)).toBe(message);
  });

  it('accepts ten levels, 500 rules, and strings of 1000 characters', () => {
    const deep = (levels: number): unknown =>
      levels === 0 ? { brand: { eq: 'x' } } : { or: [deep(levels - 1)] };
    expect(() => parseProductSetFilter(deep(10))).not.toThrow();
    expect(() =>
      parseProductSetFilter({ or: Array.from({ length: 500 }, () => ({ title: { eq: 'x'.repeat(1000) } })) }),
    ).not.toThrow();
  });

  it('normalises numbers: numeric strings on numeric fields, numbers on text fields become text', () => {
    expect(parseProductSetFilter({ price_amount: { lt: '5000' } })).toEqual({
      type: 'rule',
      field: 'price_amount',
      operator: 'lt',
      value: 5000,
    });
    expect(filterToJson(parseProductSetFilter({ id: { is_any: [42, 'sku-1'] } }))).toEqual({
      id: { is_any: ['42', 'sku-1'] },
    });
  });

  it('round-trips through filterToJson', () => {
    const json = {
      and: [
        { brand: { eq: 'Acme' } },
        { or: [{ price_amount: { lt: 5000 } }, { size: { is_any: ['41', '42'] } }] },
      ],
    };
    expect(filterToJson(parseProductSetFilter(json))).toEqual(json);
    expect(filterToJson(parseProductSetFilter({}))).toEqual({});
  });
});

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

describe('describeFilter', () => {
  it('reads as a sentence', () => {
    const json = {
      and: [
        { brand: { eq: 'Acme' } },
        { or: [{ price_amount: { lt: 5000 } }, { availability: { i_contains: 'stock' } }] },
      ],
    };
    expect(describeFilter(parseProductSetFilter(json))).toBe(
      'brand is Acme and (price below 50.00 or availability contains "stock")',
    );
    expect(describeFilter(parseProductSetFilter({}))).toBe('all items');
    expect(describeFilter(parseProductSetFilter({ title: { contains: 'Shoe' } }))).toBe(
      'title contains "Shoe" (exact case)',
    );
    expect(describeFilter(parseProductSetFilter({ custom_label_0: { neq: '' } }))).toBe(
      'custom label 0 is not empty',
    );
    expect(
      describeFilter(
        parseProductSetFilter({
          or: [{ brand: { is_any: ['A', 'B', 'C'] } }, { sale_price_amount: { gte: 1999 } }],
        }),
      ),
    ).toBe('brand is one of A, B or C or sale price at least 19.99');
    expect(
      describeFilter(parseProductSetFilter({ id: { is_not_any: ['1', '2', '3', '4', '5', '6', '7'] } })),
    ).toBe('id is none of 1, 2, 3, 4, 5 and 2 more');
  });
});
