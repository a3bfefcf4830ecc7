import { describe, expect, it } from 'vitest';
import type { CatalogItemRow } from '../../../db/schema.js';
import {
  isSaleActive,
  itemImages,
  itemMetadata,
  METADATA_COLUMNS,
  metadataColumns,
  saleTurnsAt,
} from './metadata.js';

function item(overrides: Partial<CatalogItemRow> = {}): CatalogItemRow {
  return {
    importId: '00000000-0000-4000-8000-000000000001',
    catalogId: '00000000-0000-4000-8000-000000000002',
    itemId: 'SKU-1',
    title: 'Explorer backpack',
    description: 'A roomy pack',
    availability: 'in stock',
    condition: 'new',
    priceAmount: 12900,
    currency: 'EUR',
    salePriceAmount: null,
    salePriceStart: null,
    salePriceEnd: null,
    link: 'https://shop.test/p/1',
    imageLink: 'https://cdn.test/1.jpg',
    additionalImageLinks: [],
    brand: 'Northpeak',
    itemGroupId: 'G1',
    productType: 'Bags',
    googleProductCategory: '100',
    customLabel0: 'a',
    customLabel1: '',
    customLabel2: '',
    customLabel3: '',
    customLabel4: 'e',
    rating: null,
    reviewCount: null,
    inventory: null,
    extra: {},
    issues: [],
    contentHash: 'x',
    ...overrides,
  };
}

const NOW = new Date('2024-11-15T12:00:00Z');

describe('itemMetadata', () => {
  it('maps every canonical field under its catalogue name', () => {
    const metadata = itemMetadata(item({ additionalImageLinks: ['https://cdn.test/2.jpg'] }), NOW);
    expect(metadata).toMatchObject({
      id: 'SKU-1',
      title: 'Explorer backpack',
      description: 'A roomy pack',
      brand: 'Northpeak',
      availability: 'in stock',
      condition: 'new',
      link: 'https://shop.test/p/1',
      image_link: 'https://cdn.test/1.jpg',
      additional_image_link: 'https://cdn.test/2.jpg',
      item_group_id: 'G1',
      product_type: 'Bags',
      google_product_category: '100',
      custom_label_0: 'a',
      custom_label_1: '',
      custom_label_4: 'e',
      currency: 'EUR',
      price: '129.00',
      is_sale: 'False',
      stock_level_less_than_10: 'False',
      stock_level_less_than_50: 'False',
    });
    expect(metadata).not.toHaveProperty('sale_price');
    expect(metadata).not.toHaveProperty('rating_value');
    expect(metadata).not.toHaveProperty('review_count');
  });

  it('leaves out a price and a currency the item does not have', () => {
    const metadata = itemMetadata(item({ priceAmount: null, currency: null }), NOW);
    expect(metadata).not.toHaveProperty('price');
    expect(metadata).not.toHaveProperty('currency');
    expect(metadata.is_sale).toBe('False');
  });

  it('is on sale only with a sale price below the price, inside the effective dates', () => {
    const onSale = itemMetadata(item({ salePriceAmount: 9900 }), NOW);
    expect(onSale).toMatchObject({ price: '129.00', sale_price: '99.00', is_sale: 'True' });

    const window = {
      salePriceAmount: 9900,
      salePriceStart: new Date('2024-11-01T00:00:00Z'),
      salePriceEnd: new Date('2024-12-01T00:00:00Z'),
    };
    expect(itemMetadata(item(window), NOW)).toMatchObject({ sale_price: '99.00', is_sale: 'True' });
    for (const now of [new Date('2024-10-31T23:59:59Z'), new Date('2024-12-01T00:00:00Z')]) {
      const off = itemMetadata(item(window), now);
      expect(off.is_sale).toBe('False');
      expect(off).not.toHaveProperty('sale_price');
    }
    // Start exactly now counts; open ends.
    expect(isSaleActive(item({ ...window, salePriceStart: NOW }), NOW)).toBe(true);
    expect(isSaleActive(item({ ...window, salePriceStart: null }), NOW)).toBe(true);
    expect(isSaleActive(item({ ...window, salePriceEnd: null }), new Date('2030-01-01Z'))).toBe(true);

    for (const salePriceAmount of [12900, 15000]) {
      const notLower = itemMetadata(item({ salePriceAmount }), NOW);
      expect(notLower.is_sale).toBe('False');
      expect(notLower).not.toHaveProperty('sale_price');
    }
    expect(itemMetadata(item({ priceAmount: null, salePriceAmount: 900 }), NOW).is_sale).toBe('False');
  });

  it('reads rating, review count and the stock flags', () => {
    expect(itemMetadata(item({ rating: 4.5, reviewCount: 12 }), NOW)).toMatchObject({
      rating_value: '4.5',
      review_count: '12',
    });
    expect(itemMetadata(item({ rating: 0, reviewCount: 0 }), NOW)).not.toHaveProperty('rating_value');
    const flags = (inventory: number | null) => {
      const m = itemMetadata(item({ inventory }), NOW);
      return [m.stock_level_less_than_10, m.stock_level_less_than_50];
    };
    expect(flags(null)).toEqual(['False', 'False']);
    expect(flags(0)).toEqual(['True', 'True']);
    expect(flags(9)).toEqual(['True', 'True']);
    expect(flags(10)).toEqual(['False', 'True']);
    expect(flags(49)).toEqual(['False', 'True']);
    expect(flags(50)).toEqual(['False', 'False']);
  });

  it('adds every extra field; canonical and computed keys win over extras of the same name', () => {
    const metadata = itemMetadata(
      item({ extra: { num_beds: '3', title: 'from extra', is_sale: 'True', sale_price: '1.00' } }),
      NOW,
    );
    expect(metadata.num_beds).toBe('3');
    expect(metadata.title).toBe('Explorer backpack');
    expect(metadata.is_sale).toBe('False');
    expect(metadata).not.toHaveProperty('sale_price');
  });
});

describe('itemImages', () => {
  it('lists image_link then the additional links, dropping empty ones', () => {
    expect(
      itemImages(item({ imageLink: 'a.jpg', additionalImageLinks: ['b.jpg', '', '  ', 'c.jpg'] })),
    ).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(itemImages(item({ imageLink: '', additionalImageLinks: ['b.jpg'] }))).toEqual(['b.jpg']);
    expect(itemImages(item({ imageLink: '', additionalImageLinks: [] }))).toEqual([]);
  });
});

describe('METADATA_COLUMNS', () => {
  /** An item with every computed key present: on sale, rated, stock known. */
  const rich = item({
    salePriceAmount: 9900,
    salePriceStart: new Date('2024-11-01T00:00:00Z'),
    salePriceEnd: new Date('2024-12-01T00:00:00Z'),
    rating: 4.5,
    reviewCount: 12,
    inventory: 30,
    additionalImageLinks: ['https://cdn.test/2.jpg'],
    extra: { colour: 'red', sizes: ['S', 'M'] },
  });

  /** Other values of a column, chosen to cross every threshold itemMetadata has. */
  function variants(column: keyof CatalogItemRow): unknown[] {
    switch (column) {
      case 'priceAmount':
        return [5000, 9900, 20000, null];
      case 'salePriceAmount':
        return [12900, 15000, 100, null];
      case 'salePriceStart':
        return [new Date('2024-11-20T00:00:00Z'), NOW, null];
      case 'salePriceEnd':
        return [NOW, new Date('2024-11-01T00:00:00Z'), null];
      case 'rating':
        return [0, 3, Number.NaN, null];
      case 'reviewCount':
        return [0, 99, null];
      case 'inventory':
        return [0, 9, 10, 49, 50, null];
      case 'additionalImageLinks':
        return [[], ['a', 'b']];
      case 'extra':
        return [
          {},
          { colour: 'blue', sizes: ['L'] },
          Object.fromEntries(Object.keys(METADATA_COLUMNS).map((key) => [key, 'from extra'])),
        ];
      case 'issues':
        return [null, ['IMAGE_TOO_SMALL']];
      default:
        return typeof rich[column] === 'string' ? ['changed', ''] : [null];
    }
  }

  it('names every column each computed key is made from: no other column changes it', () => {
    const before = itemMetadata(rich, NOW);
    for (const column of Object.keys(rich) as (keyof CatalogItemRow)[]) {
      for (const value of variants(column)) {
        const after = itemMetadata({ ...rich, [column]: value } as CatalogItemRow, NOW);
        for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
          if (before[key] === after[key]) continue;
          const made = metadataColumns(key);
          // A key not made from columns is an extra field of that name.
          expect({ key, column, listed: made ? made.includes(column) : column === 'extra' }).toEqual({
            key,
            column,
            listed: true,
          });
        }
      }
    }
  });

  it('lists every key itemMetadata makes from its columns', () => {
    expect(Object.keys(itemMetadata(item({ ...rich, extra: {} }), NOW)).sort()).toEqual(
      Object.keys(METADATA_COLUMNS).sort(),
    );
  });
});

describe('saleTurnsAt', () => {
  const window = {
    salePriceAmount: 9900,
    salePriceStart: new Date('2024-11-01T00:00:00Z'),
    salePriceEnd: new Date('2024-12-01T00:00:00Z'),
  };

  it('is the next start or end of a sale below the price, and the sale turns exactly then', () => {
    for (const now of [new Date('2024-10-15T00:00:00Z'), NOW]) {
      const turn = saleTurnsAt(item(window), now)!;
      expect(turn).toEqual(now < window.salePriceStart ? window.salePriceStart : window.salePriceEnd);
      expect(isSaleActive(item(window), new Date(turn.getTime() - 1))).toBe(isSaleActive(item(window), now));
      expect(isSaleActive(item(window), turn)).not.toBe(isSaleActive(item(window), now));
    }
  });

  it('is null when the sale never turns again', () => {
    expect(saleTurnsAt(item(window), new Date('2025-01-01T00:00:00Z'))).toBeNull();
    expect(saleTurnsAt(item({ ...window, salePriceEnd: null }), NOW)).toBeNull();
    expect(saleTurnsAt(item({ ...window, salePriceAmount: 12900 }), NOW)).toBeNull();
    expect(saleTurnsAt(item({ ...window, salePriceAmount: null }), NOW)).toBeNull();
    expect(saleTurnsAt(item({ ...window, priceAmount: null }), NOW)).toBeNull();
  });
});
