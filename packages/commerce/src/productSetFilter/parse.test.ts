import { describe, expect, it } from 'vitest';
import { filterToJson, parseProductSetFilter, ProductSetFilterError } from './parse.js';

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
