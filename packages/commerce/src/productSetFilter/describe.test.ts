import { describe, expect, it } from 'vitest';
import { describeFilter } from './describe.js';
import { parseProductSetFilter } from './parse.js';

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
