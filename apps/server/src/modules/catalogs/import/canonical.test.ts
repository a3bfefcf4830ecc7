import { describe, expect, it } from 'vitest';
import {
  CANONICAL_FIELDS,
  checkColumnMapping,
  COLUMN_ALIASES,
  contentHash,
  createItemMapper,
  type FeedRecord,
  normalizeAvailability,
  normalizeColumnName,
  normalizeCondition,
  parseSalePeriod,
  routeColumn,
  shorten,
  splitImageLinks,
  itemJson,
} from './canonical.js';

const record = (fields: Record<string, string> | [string, string][], row = 1): FeedRecord => {
  const pairs = Array.isArray(fields) ? fields : Object.entries(fields);
  return { row, names: pairs.map(([name]) => name), values: pairs.map(([, value]) => value) };
};

function item(fields: Record<string, string> | [string, string][], columnMapping?: Record<string, string>) {
  const result = createItemMapper({ columnMapping }).toItem(record(fields));
  if ('rejected' in result) throw new Error(`rejected: ${result.rejected.join('; ')}`);
  return result.item;
}

function rejection(fields: Record<string, string>): string {
  return rejections(fields).join('; ');
}

function rejections(fields: Record<string, string> | [string, string][]): string[] {
  const result = createItemMapper().toItem(record(fields));
  if (!('rejected' in result)) throw new Error('expected a rejection');
  return result.rejected;
}

function kept(fields: Record<string, string> | [string, string][], currency?: string) {
  const result = createItemMapper({ currency }).toItem(record(fields));
  if ('rejected' in result) throw new Error(`rejected: ${result.rejected.join('; ')}`);
  return result;
}

describe('column names', () => {
  it('normalises case, the g: prefix, spaces, hyphens and dots', () => {
    expect(normalizeColumnName('G:Image-Link')).toBe('image_link');
    expect(normalizeColumnName(' image link ')).toBe('image_link');
    expect(normalizeColumnName('Custom.Label 0')).toBe('custom_label_0');
    expect(normalizeColumnName('sale_price__effective--date')).toBe('sale_price_effective_date');
  });

  it('routes every canonical name, with and without g:, in any case', () => {
    for (const field of CANONICAL_FIELDS) {
      expect(routeColumn(field)).toMatchObject({ kind: 'field', field });
      expect(routeColumn(`g:${field}`)).toMatchObject({ kind: 'field', field });
      expect(routeColumn(field.toUpperCase().replace(/_/g, ' '))).toMatchObject({ kind: 'field', field });
    }
  });

  it('routes every alias to its field', () => {
    for (const field of CANONICAL_FIELDS) {
      for (const alias of COLUMN_ALIASES[field]) {
        expect(routeColumn(alias), alias).toMatchObject({ kind: 'field', field });
        expect(routeColumn(`g:${alias}`), alias).toMatchObject({ kind: 'field', field });
      }
    }
  });

  it('keeps unknown columns as extra fields, without the g: prefix', () => {
    expect(routeColumn('sku')).toEqual({ kind: 'extra', name: 'sku' });
    expect(routeColumn('g:color')).toEqual({ kind: 'extra', name: 'color' });
    expect(routeColumn('Colour')).toEqual({ kind: 'extra', name: 'Colour' });
  });

  it('lets the user mapping win over names and aliases, matched exactly or normalised', () => {
    expect(routeColumn('Name', { Name: 'title' })).toEqual({ kind: 'field', field: 'title', rank: 0 });
    expect(routeColumn('product name', { 'Product-Name': 'ignore' })).toEqual({ kind: 'ignore' });
    expect(routeColumn('price', { price: 'sale_price' })).toMatchObject({ field: 'sale_price' });
    // A mapping to something that is not a field is ignored (checkColumnMapping reports it).
    expect(routeColumn('price', { price: 'cost' })).toMatchObject({ field: 'price' });
    expect(checkColumnMapping({ price: 'cost', a: 'ignore', b: 'brand' })).toEqual([
      'Column “price” is mapped to “cost”, which is not a catalogue field; choose one or ignore',
    ]);
  });

  it('takes the best-ranked non-empty column when several name one field', () => {
    expect(item({ title: 'plain', 'g:title': 'google', id: '1' }).title).toBe('google');
    expect(item({ 'g:title': '', title: 'plain', id: '1' }).title).toBe('plain');
    expect(item({ product_name: 'alias', title: 'exact', id: '1' }).title).toBe('exact');
    expect(item({ Name: 'mapped', title: 'exact', id: '1' }, { Name: 'title' }).title).toBe('mapped');
    expect(item({ id: 'a', item_id: 'b' }).itemId).toBe('a');
    expect(item({ offer_id: 'b' }).itemId).toBe('b');
  });
});

describe('availability and condition', () => {
  it.each([
    ['in stock', 'in stock'],
    ['in_stock', 'in stock'],
    ['InStock', 'in stock'],
    ['IN-STOCK', 'in stock'],
    ['https://schema.org/InStock', 'in stock'],
    ['out_of_stock', 'out of stock'],
    ['out of stock', 'out of stock'],
    ['OutOfStock', 'out of stock'],
    ['preorder', 'preorder'],
    ['pre-order', 'preorder'],
    ['available for order', 'available for order'],
    ['available_for_order', 'available for order'],
    ['backorder', 'available for order'],
    ['discontinued', 'discontinued'],
  ])('reads availability %s', (value, expected) => {
    expect(normalizeAvailability(value)).toBe(expected);
  });

  it('refuses an unknown availability with the column and value', () => {
    expect(normalizeAvailability('maybe')).toBeUndefined();
    expect(rejection({ id: '1', 'g:availability': 'maybe' })).toBe(
      'Invalid availability “maybe” in column g:availability: use one of in stock, out of stock, preorder, available for order, discontinued, pending, mark_as_sold',
    );
  });

  it('defaults availability to in stock and condition to new', () => {
    expect(item({ id: '1' })).toMatchObject({ availability: 'in stock', condition: 'new' });
  });

  it.each([
    ['new', 'new'],
    ['Used', 'used'],
    ['refurbished', 'refurbished'],
    ['used like new', 'used_like_new'],
    ['https://schema.org/NewCondition', 'new'],
  ])('reads condition %s', (value, expected) => {
    expect(normalizeCondition(value)).toBe(expected);
  });

  it('refuses an unknown condition', () => {
    expect(rejection({ id: '1', condition: 'mint' })).toMatch(
      /^Invalid condition “mint” in column condition/,
    );
  });
});

describe('prices', () => {
  it('rejects the row naming the column and value', () => {
    expect(rejection({ id: '7', price: '-3 USD' })).toBe(
      'Invalid price “-3 USD” in column price: a price cannot be negative',
    );
    expect(rejection({ id: '7', 'g:sale_price': 'cheap' })).toBe(
      'Invalid sale price “cheap” in column g:sale_price: write an amount and an ISO 4217 currency code, e.g. 15.00 USD',
    );
    expect(rejection({ id: '7', price: '10 USD', sale_price: '8 EUR' })).toBe(
      'Invalid sale price “8 EUR” in column sale_price: its currency differs from the price’s (USD)',
    );
  });

  it('stores minor units and takes the currency from the sale price when the price has none', () => {
    expect(item({ id: '1', price: '20', sale_price: '15.99 GBP' })).toMatchObject({
      priceAmount: 2000,
      salePriceAmount: 1599,
      currency: 'GBP',
    });
    expect(item({ id: '1' })).toMatchObject({ priceAmount: null, salePriceAmount: null, currency: null });
  });
});

describe('sale period', () => {
  it('reads an ISO 8601 interval with offsets', () => {
    expect(parseSalePeriod('2024-11-01T00:00-0800/2024-11-30T23:59-0800')).toEqual({
      start: new Date('2024-11-01T08:00:00Z'),
      end: new Date('2024-12-01T07:59:00Z'),
    });
    expect(parseSalePeriod('2024-11-01T10:00:30.5+01:00/2024-11-02T00:00Z')).toEqual({
      start: new Date('2024-11-01T09:00:30.500Z'),
      end: new Date('2024-11-02T00:00:00Z'),
    });
  });

  it('reads dates alone as whole days, and open ends', () => {
    expect(parseSalePeriod('2024-11-01/2024-11-30')).toEqual({
      start: new Date('2024-11-01T00:00:00Z'),
      end: new Date('2024-12-01T00:00:00Z'),
    });
    expect(parseSalePeriod('2024-11-01/')).toEqual({ start: new Date('2024-11-01T00:00:00Z'), end: null });
  });

  it.each(['2024-11-01', 'soon/later', '2024-02-30/2024-03-01', '/', '2024-11-30/2024-11-01'])(
    'refuses %s',
    (value) => {
      expect(() => parseSalePeriod(value)).toThrow();
    },
  );

  it('rejects a row with a bad period', () => {
    expect(rejection({ id: '1', sale_price_effective_date: 'next week' })).toBe(
      'Invalid sale period “next week” in column sale_price_effective_date: write start/end in ISO 8601, e.g. 2024-11-01T00:00Z/2024-11-30T23:59Z',
    );
  });
});

describe('numbers and images', () => {
  it('reads rating, review count and inventory', () => {
    expect(item({ id: '1', rating: '4,5', review_count: '1,204', inventory: '12.0' })).toMatchObject({
      rating: 4.5,
      reviewCount: 1204,
      inventory: 12,
    });
    expect(
      item({ id: '1', product_rating: '4.5/5', reviews_count: '3', quantity_to_sell_on_facebook: '0' }),
    ).toMatchObject({
      rating: 4.5,
      reviewCount: 3,
      inventory: 0,
    });
  });

  it('rejects bad numbers', () => {
    expect(rejection({ id: '1', rating: 'great' })).toMatch(/^Invalid rating “great” in column rating/);
    expect(rejection({ id: '1', review_count: '-2' })).toMatch(
      /^Invalid review count “-2” in column review_count/,
    );
    expect(rejection({ id: '1', inventory: '3.5' })).toMatch(/^Invalid inventory “3.5” in column inventory/);
    expect(rejection({ id: '1', inventory: '99999999999' })).toMatch(/^Invalid inventory/);
  });

  it('splits additional images from lists and repeated fields', () => {
    expect(
      splitImageLinks(['https://a.test/1.jpg,https://a.test/2,3.jpg', ' https://a.test/4.jpg ']),
    ).toEqual(['https://a.test/1.jpg', 'https://a.test/2,3.jpg', 'https://a.test/4.jpg']);
    expect(splitImageLinks(['a.jpg, b.jpg', ''])).toEqual(['a.jpg', 'b.jpg']);
    const fromXml = item([
      ['g:id', '1'],
      ['g:additional_image_link', 'https://a.test/1.jpg'],
      ['g:additional_image_link', 'https://a.test/2.jpg'],
    ]);
    expect(fromXml.additionalImageLinks).toEqual(['https://a.test/1.jpg', 'https://a.test/2.jpg']);
  });
});

describe('rows', () => {
  it('drops NUL characters, which PostgreSQL text cannot hold', () => {
    expect(item({ id: 'A\u00001', title: 'T\u0000 ', colour: '\u0000' })).toMatchObject({
      itemId: 'A1',
      title: 'T',
      extra: {},
    });
  });

  it('removes characters XML cannot hold, keeps the row and names the column of each change', () => {
    const result = createItemMapper().toItem(
      record({
        id: 'A1',
        title: 'Trail\u000bshoe',
        description: 'Soft\u0001 and \u000blight\ufffe',
        'col\u000bour': 'r\u0008ed',
        brand: 'Acme',
        price: '10 USD',
      }),
    );
    expect(result).toMatchObject({
      item: { itemId: 'A1', title: 'Trailshoe', description: 'Soft and light', extra: { colour: 'red' } },
      warnings: [
        {
          column: 'title',
          reason: 'Removed a character XML cannot hold (U+000B) from column title; the row is kept',
        },
        {
          column: 'description',
          reason:
            'Removed characters XML cannot hold (U+0001, U+000B, U+FFFE) from column description; the row is kept',
        },
        { column: 'col\u000bour', reason: expect.stringContaining('(U+0008) from column col\u000bour') },
      ],
    });
    expect(createItemMapper().toItem(record({ id: 'A1', title: 'Clean', price: '1 EUR' }))).toMatchObject({
      warnings: [],
    });
  });

  it('cuts long values in reasons between code points', () => {
    const value = `${'x'.repeat(78)}😀😀`;
    expect(shorten(value, 80)).toBe(value);
    expect(shorten(`${value}y`, 80)).toBe(`${'x'.repeat(78)}😀…`);
    expect(rejection({ id: '1', price: `${'9'.repeat(80)}😀` })).toContain(
      `“${'9'.repeat(79)}…” in column price`,
    );
  });

  it('rejects a row without an id', () => {
    expect(rejection({ id: '  ', title: 'x' })).toBe('Missing id');
    expect(rejection({ title: 'x' })).toBe('Missing id');
  });

  it('rejects a later row with an id already seen, naming the first row', () => {
    const mapper = createItemMapper();
    expect('item' in mapper.toItem(record({ id: 'A' }, 3))).toBe(true);
    expect(mapper.toItem(record({ id: 'A' }, 9))).toEqual({
      rejected: ['Duplicate id A (first seen at row 3)'],
      id: 'A',
    });
  });

  it('keeps unknown columns as extra fields and lists them once', () => {
    const mapper = createItemMapper();
    const first = mapper.toItem(
      record([
        ['id', '1'],
        ['g:color', 'red'],
        ['g:size', ''],
        ['g:shipping.country', 'US'],
        ['g:shipping.country', 'CA'],
      ]),
    );
    mapper.toItem(record({ id: '2', 'g:color': 'blue', material: 'wool', fabric_weight: '140 gsm' }));
    expect('item' in first && first.item.extra).toEqual({ color: 'red', 'shipping.country': ['US', 'CA'] });
    // Google's and Meta's own attributes (color, size, material, gtin…) are kept but not asked about.
    expect(mapper.unknownColumns()).toEqual(['g:shipping.country', 'fabric_weight']);
  });

  it('builds the whole item', () => {
    const full = item({
      'g:id': ' SKU-1 ',
      'g:title': 'Shirt',
      'g:description': 'Soft',
      'g:availability': 'in_stock',
      'g:condition': 'used',
      'g:price': '59.00 USD',
      'g:sale_price': '44.00 USD',
      'g:sale_price_effective_date': '2025-11-01T00:00Z/2025-11-30T23:59Z',
      'g:link': 'https://s.test/p',
      'g:image_link': 'https://s.test/i.jpg',
      'g:additional_image_link': 'https://s.test/a.jpg,https://s.test/b.jpg',
      'g:brand': 'Northwind',
      'g:item_group_id': 'G1',
      'g:product_type': 'Apparel > Shirts',
      'g:google_product_category': '212',
      'g:custom_label_0': 'l0',
      'g:custom_label_1': 'l1',
      'g:custom_label_2': 'l2',
      'g:custom_label_3': 'l3',
      'g:custom_label_4': 'l4',
      'g:rating': '4.6',
      'g:review_count': '128',
      'g:inventory': '42',
    });
    expect(full).toEqual({
      itemId: 'SKU-1',
      title: 'Shirt',
      description: 'Soft',
      availability: 'in stock',
      condition: 'used',
      priceAmount: 5900,
      currency: 'USD',
      salePriceAmount: 4400,
      salePriceStart: new Date('2025-11-01T00:00:00Z'),
      salePriceEnd: new Date('2025-11-30T23:59:00Z'),
      link: 'https://s.test/p',
      imageLink: 'https://s.test/i.jpg',
      additionalImageLinks: ['https://s.test/a.jpg', 'https://s.test/b.jpg'],
      brand: 'Northwind',
      itemGroupId: 'G1',
      productType: 'Apparel > Shirts',
      googleProductCategory: '212',
      customLabel0: 'l0',
      customLabel1: 'l1',
      customLabel2: 'l2',
      customLabel3: 'l3',
      customLabel4: 'l4',
      rating: 4.6,
      reviewCount: 128,
      inventory: 42,
      extra: {},
      issues: expect.any(Array) as unknown,
    });
  });
});

describe('every problem of a row (issue 17)', () => {
  it('lists every error of a rejected row, not only the first', () => {
    expect(
      rejections({ id: 'A', availability: 'maybe', price: 'cheap', rating: 'great', inventory: '-1' }),
    ).toEqual([
      expect.stringMatching(/^Invalid availability “maybe” in column availability/),
      expect.stringMatching(/^Invalid price “cheap” in column price/),
      expect.stringMatching(/^Invalid rating “great” in column rating/),
      expect.stringMatching(/^Invalid inventory “-1” in column inventory/),
    ]);
    expect(rejections({ title: 'x', condition: 'broken' })).toEqual([
      'Missing id',
      expect.stringMatching(/^Invalid condition “broken”/),
    ]);
  });

  it('keeps a row with a rating outside its scale, without the rating, and says so', () => {
    const over = kept({ id: 'A', price: '10 USD', rating: '7' });
    expect(over.item.rating).toBeNull();
    expect(over.warnings).toEqual([
      {
        column: 'rating',
        reason:
          "Rating “7” is outside the 1–5 scale: the rating is not kept, so this item's ads leave the star rating out",
      },
    ]);
    expect(kept({ id: 'A', price: '10 USD', rating: '6/5' }).item.rating).toBeNull();
    // A rating over its own scale is brought to the templates' 1–5 scale; 0 means "no reviews yet".
    expect(kept({ id: 'A', price: '10 USD', rating: '9/10' }).item.rating).toBe(4.5);
    expect(kept({ id: 'A', price: '10 USD', rating: '0' })).toMatchObject({
      item: { rating: 0 },
      warnings: [],
    });
  });

  it('keeps a row whose sale price is not below the price, without the sale price', () => {
    const { item: above, warnings } = kept({ id: 'A', price: '10 USD', sale_price: '12 USD' });
    expect(above).toMatchObject({ priceAmount: 1000, salePriceAmount: null });
    expect(warnings).toEqual([
      {
        column: 'sale_price',
        reason: 'Sale price 12.00 is not below the price 10.00: the sale price is not used',
      },
    ]);
  });

  it('keeps a sale price without a price as the price, and warns of a missing price', () => {
    const alone = kept({ id: 'A', sale_price: '8 USD' });
    expect(alone.item).toMatchObject({ priceAmount: 800, salePriceAmount: null, currency: 'USD' });
    expect(alone.warnings[0]?.reason).toBe('Sale price 8.00 without a price: it is kept as the price');
    const none = kept({ id: 'A', title: 'T' });
    expect(none.item.priceAmount).toBeNull();
    expect(none.warnings).toEqual([
      {
        column: 'price',
        reason: 'Missing price: ads that show the price leave it empty, and Meta and Google refuse the item',
      },
    ]);
  });

  it('warns of a second product_type, which the catalogue drops', () => {
    const { item: shirt, warnings } = kept([
      ['id', 'A'],
      ['price', '1 USD'],
      ['g:product_type', 'Apparel > Shirts'],
      ['g:product_type', 'Sale > Summer'],
    ]);
    expect(shirt.productType).toBe('Apparel > Shirts');
    expect(warnings).toEqual([
      {
        column: 'g:product_type',
        reason:
          'A second product_type “Sale > Summer” was dropped: the catalogue keeps one product_type per item (“Apparel > Shirts”)',
      },
    ]);
  });

  it('keeps repeated unknown fields as lists', () => {
    const { item: tagged } = kept([
      ['id', 'A'],
      ['price', '1 USD'],
      ['tags', 'linen'],
      ['tags', 'summer, sale'],
      ['color', 'sand'],
    ]);
    expect(tagged.extra).toEqual({ tags: ['linen', 'summer, sale'], color: 'sand' });
  });

  it('prices written without a currency take the catalogue’s', () => {
    expect(kept({ id: 'A', price: '19.90' }, 'eur').item).toMatchObject({
      priceAmount: 1990,
      currency: 'EUR',
    });
    expect(kept({ id: 'A', price: '19.90 USD' }, 'EUR').item.currency).toBe('USD');
    expect(kept({ id: 'A', price: '19.90' }).item.currency).toBeNull();
  });
});

describe("Meta's list forms (issue 17)", () => {
  it('reads every availability of Meta’s list', () => {
    for (const value of ['in stock', 'out of stock', 'preorder', 'available for order', 'discontinued'])
      expect(normalizeAvailability(value)).toBe(value);
    expect(normalizeAvailability('pending')).toBe('pending');
    expect(normalizeAvailability('mark_as_sold')).toBe('mark_as_sold');
    expect(normalizeAvailability('Mark as sold')).toBe('mark_as_sold');
    expect(normalizeAvailability('https://schema.org/LimitedAvailability')).toBe('in stock');
  });

  it('splits additional image links on commas, semicolons, pipes, spaces, and JSON lists', () => {
    const expected = ['https://a.test/1.jpg', 'https://a.test/2.jpg', 'https://a.test/3.jpg'];
    expect(splitImageLinks(['https://a.test/1.jpg;https://a.test/2.jpg | https://a.test/3.jpg'])).toEqual(
      expected,
    );
    expect(splitImageLinks(['https://a.test/1.jpg https://a.test/2.jpg\thttps://a.test/3.jpg'])).toEqual(
      expected,
    );
    expect(splitImageLinks([JSON.stringify(expected)])).toEqual(expected);
    expect(splitImageLinks(['[{"url":"https://a.test/1.jpg","tag":["front"]}]'])).toEqual([expected[0]]);
    // A comma inside a URL's path is still part of it.
    expect(splitImageLinks(['https://a.test/a,b.jpg|https://a.test/c.jpg'])).toEqual([
      'https://a.test/a,b.jpg',
      'https://a.test/c.jpg',
    ]);
  });

  it("reads Meta's flattened image columns: the first is the main image, tags stay with their image", () => {
    const { item: pictured } = kept([
      ['id', 'A'],
      ['price', '5 USD'],
      ['image[0].url', 'https://a.test/main.jpg'],
      ['image[0].tag[0]', 'front'],
      ['image[0].tag[1]', 'studio'],
      ['image[1].url', 'https://a.test/side.jpg'],
      ['image[1].tag[0]', 'lifestyle'],
    ]);
    expect(pictured.imageLink).toBe('https://a.test/main.jpg');
    expect(pictured.additionalImageLinks).toEqual(['https://a.test/side.jpg']);
    expect(pictured.extra).toEqual({ 'image[0].tag': ['front', 'studio'], 'image[1].tag': 'lifestyle' });
  });

  it("reads Meta's image field as JSON, and keeps image_link first when the feed has both", () => {
    const json = JSON.stringify([
      { url: 'https://a.test/1.jpg', tag: ['x'] },
      { url: 'https://a.test/2.jpg' },
    ]);
    expect(kept({ id: 'A', price: '5 USD', image: json }).item).toMatchObject({
      imageLink: 'https://a.test/1.jpg',
      additionalImageLinks: ['https://a.test/2.jpg'],
    });
    const both = kept([
      ['id', 'A'],
      ['price', '5 USD'],
      ['image_link', 'https://a.test/main.jpg'],
      ['image[0].url', 'https://a.test/1.jpg'],
    ]).item;
    expect(both).toMatchObject({
      imageLink: 'https://a.test/main.jpg',
      additionalImageLinks: ['https://a.test/1.jpg'],
    });
  });

  it('keeps a nested column with an absurd index as an extra field, never a huge array', () => {
    const { item: odd } = kept([
      ['id', 'A'],
      ['price', '5 USD'],
      ['additional_variant_attribute[4000000000].label', 'Scent'],
    ]);
    expect(odd.extra).toEqual({ 'additional_variant_attribute[4000000000].label': 'Scent' });
  });

  it('judges a GTIN whatever the spelling of its column', () => {
    const { item: upper } = kept({ id: 'A', price: '5 USD', GTIN: '4006381333932' });
    expect(upper.issues).toContain('invalid_gtin');
  });

  it('reads additional_variant_attribute in its flattened, pair and JSON forms', () => {
    const flat = kept([
      ['id', 'A'],
      ['price', '5 USD'],
      ['additional_variant_attribute[0].label', 'Scent'],
      ['additional_variant_attribute[0].value', 'Fruity'],
      ['additional_variant_attribute[1].label', 'Pack'],
      ['additional_variant_attribute[1].value', '3'],
    ]).item;
    expect(flat.extra).toEqual({ Scent: 'Fruity', Pack: '3' });
    expect(
      kept({ id: 'A', price: '5 USD', additional_variant_attribute: 'Scent:Fruity,Pack:3' }).item.extra,
    ).toEqual({
      Scent: 'Fruity',
      Pack: '3',
    });
    expect(
      kept({ id: 'A', price: '5 USD', additional_variant_attribute: '{"Scent":"Fruity"}' }).item.extra,
    ).toEqual({ Scent: 'Fruity' });
  });
});

describe('content hash', () => {
  it('is stable whatever the key order and changes with any field', () => {
    const a = item({ id: '1', title: 'T', color: 'red', size: 'M' });
    const b = item({ size: 'M', color: 'red', title: 'T', id: '1' });
    expect(contentHash(a)).toBe(contentHash(b));
    expect(contentHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(itemJson(a)).toBe(itemJson(b));
    expect(itemJson(b)).toContain('"extra":{"color":"red","size":"M"}');
    expect(JSON.parse(itemJson(item({ id: '1', sale_price_effective_date: '2024-01-01/' })))).toMatchObject({
      item_id: '1',
      availability: 'in stock',
      price_amount: null,
      sale_price_start: '2024-01-01T00:00:00.000Z',
      sale_price_end: null,
      additional_image_links: [],
    });
    expect(contentHash(item({ id: '1', title: 'T', color: 'blue', size: 'M' }))).not.toBe(contentHash(a));
    expect(contentHash(item({ id: '1', title: 'T', color: 'red', size: 'M', price: '1 USD' }))).not.toBe(
      contentHash(a),
    );
  });
});
