/**
 * Sample feed files, the catalogue template downloads (spec: "Catalog template downloads exist in xml
 * and csv"): every canonical column and two example items, in the forms the importer reads back unchanged.
 */
import { escapeXml } from '@adloom/template';
import { stringify } from 'csv-stringify/sync';
import { CANONICAL_FIELDS, type CanonicalField } from './canonical.js';

type ExampleItem = Record<CanonicalField, string | readonly string[]>;

const EXAMPLES: readonly ExampleItem[] = [
  {
    id: 'SKU-1001',
    title: 'Linen shirt, sand',
    description: 'A relaxed shirt in washed linen with a button-down collar.',
    availability: 'in stock',
    condition: 'new',
    price: '59.00 USD',
    sale_price: '44.00 USD',
    sale_price_effective_date: '2025-11-01T00:00Z/2025-11-30T23:59Z',
    link: 'https://shop.example.com/products/linen-shirt-sand',
    image_link: 'https://shop.example.com/images/linen-shirt-sand.jpg',
    additional_image_link: [
      'https://shop.example.com/images/linen-shirt-sand-back.jpg',
      'https://shop.example.com/images/linen-shirt-sand-detail.jpg',
    ],
    brand: 'Northwind',
    item_group_id: 'LINEN-SHIRT',
    product_type: 'Apparel > Shirts',
    google_product_category: 'Apparel & Accessories > Clothing > Shirts & Tops',
    custom_label_0: 'summer',
    custom_label_1: 'bestseller',
    custom_label_2: '',
    custom_label_3: '',
    custom_label_4: '',
    rating: '4.6',
    review_count: '128',
    inventory: '42',
  },
  {
    id: 'SKU-1002',
    title: 'Canvas tote bag',
    description: 'A sturdy cotton canvas tote with an inside pocket.',
    availability: 'out of stock',
    condition: 'new',
    price: '25.00 USD',
    sale_price: '',
    sale_price_effective_date: '',
    link: 'https://shop.example.com/products/canvas-tote',
    image_link: 'https://shop.example.com/images/canvas-tote.jpg',
    additional_image_link: [],
    brand: 'Northwind',
    item_group_id: '',
    product_type: 'Accessories > Bags',
    google_product_category: 'Apparel & Accessories > Handbags, Wallets & Cases > Handbags',
    custom_label_0: 'evergreen',
    custom_label_1: '',
    custom_label_2: '',
    custom_label_3: '',
    custom_label_4: '',
    rating: '4.2',
    review_count: '37',
    inventory: '0',
  },
];

/** The CSV template: a header of every canonical column, then two items; image lists comma-separated. */
export function catalogTemplateCsv(): string {
  const rows = EXAMPLES.map((item) =>
    CANONICAL_FIELDS.map((field) => {
      const value = item[field];
      return typeof value === 'string' ? value : value.join(',');
    }),
  );
  return stringify([[...CANONICAL_FIELDS], ...rows]);
}

/** The XML template: RSS 2.0 with Google's `g:` fields, one element per additional image. */
export function catalogTemplateXml(): string {
  const items = EXAMPLES.map((item) => {
    const fields = CANONICAL_FIELDS.flatMap((field) => {
      const value = item[field];
      const values = typeof value === 'string' ? [value] : value.length > 0 ? value : [''];
      return values.map((v) => `      <g:${field}>${escapeXml(v)}</g:${field}>`);
    });
    return `    <item>\n${fields.join('\n')}\n    </item>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '  <channel>',
    '    <title>Catalogue template</title>',
    '    <link>https://shop.example.com</link>',
    '    <description>Every column the catalogue import reads, with two example items.</description>',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
