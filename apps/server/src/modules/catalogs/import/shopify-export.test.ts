import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { createItemMapper } from './canonical.js';
import type { FeedEvent } from './parse.js';
import {
  ARCHIVED_REASON,
  DRAFT_REASON,
  isShopifyProductsHeader,
  shopifyVariantRecords,
} from './shopify-export.js';

// Column set and row shape of Shopify's products export, as described on Shopify's help page "Using CSV
// files to import and export products" (https://help.shopify.com/en/manual/products/import-export/using-csv)
// and in its sample product_template.csv: one row per variant, the product's own fields on its first
// row only, further images on rows holding only Handle, Image Src and Image Position.
const HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Google Shopping / Google Product Category',
  'Google Shopping / Gender',
  'Google Shopping / Age Group',
  'Google Shopping / MPN',
  'Google Shopping / Condition',
  'Google Shopping / Custom Product',
  'Google Shopping / Custom Label 0',
  'Google Shopping / Custom Label 1',
  'Google Shopping / Custom Label 2',
  'Google Shopping / Custom Label 3',
  'Google Shopping / Custom Label 4',
  'Variant Image',
  'Variant Weight Unit',
  'Variant Tax Code',
  'Cost per item',
  'Included / United States',
  'Price / United States',
  'Compare At Price / United States',
  'Included / International',
  'Price / International',
  'Compare At Price / International',
  'Status',
] as const;
type Row = Partial<Record<(typeof HEADER)[number], string>>;

/** The export's CSV text: the header, then each row (the columns it does not name left empty) or a raw line. */
function exportCsv(rows: readonly (Row | string)[]): string {
  const lines = rows.map((row) =>
    typeof row === 'string' ? `${row}\n` : stringify([HEADER.map((name) => row[name] ?? '')]),
  );
  return stringify([HEADER]) + lines.join('');
}

/**
 * The events parse.ts yields for a CSV text: one record per row after the header (all sharing the header
 * array), or a rejection for a row whose column count differs from the header's.
 */
function feedEvents(csv: string): FeedEvent[] {
  const [names, ...rows] = parse(csv, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as string[][];
  return rows.map((values, i): FeedEvent => {
    const row = i + 1;
    if (values.length === names!.length) return { kind: 'record', row, names: names!, values };
    const reason = `Malformed row: ${values.length} columns where the header has ${names!.length} (line ${row + 1})`;
    return { kind: 'rejected', row, id: null, reason };
  });
}

async function variants(input: string | FeedEvent[]): Promise<FeedEvent[]> {
  const events = typeof input === 'string' ? feedEvents(input) : input;
  const source = async function* () {
    yield* events;
  };
  const out: FeedEvent[] = [];
  for await (const event of shopifyVariantRecords(source())) out.push(event);
  return out;
}

/** A record's fields by name, in order; a name given several times maps to the list of its values. */
function fieldsOf(event: FeedEvent | undefined): Record<string, string | string[]> {
  if (event?.kind !== 'record') throw new Error(`expected a record, got ${JSON.stringify(event)}`);
  const fields: Record<string, string | string[]> = {};
  event.names.forEach((name, i) => {
    const value = event.values[i]!;
    const before = fields[name];
    fields[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  });
  return fields;
}

const records = (events: FeedEvent[]) => events.filter((e) => e.kind === 'record');

const IMG = 'https://cdn.shopify.com/s/files/1/0001/files';

/**
 * A product with two options and four variants, written as Shopify's export writes it: product fields on
 * the first row, one image per row in the order Shopify numbers them (here not file order), one more
 * image on an image-only row. The M / Blue variant has no SKU.
 */
const LINEN_SHIRT: Row[] = [
  {
    Handle: 'linen-shirt-sand',
    Title: 'Linen shirt',
    'Body (HTML)':
      '<meta charset="utf-8"><p>Soft &amp; <b>light</b>\n  linen&nbsp;shirt.</p><ul><li>Relaxed fit</li><li>Made in Portugal</li></ul>Care:<br/>Wash &lt;30&deg;C',
    Vendor: 'Maison Lin',
    'Product Category': 'Apparel & Accessories > Clothing > Shirts & Tops',
    Type: 'Shirts',
    Tags: 'linen, summer , sale,',
    Published: 'TRUE',
    'Option1 Name': 'Size',
    'Option1 Value': 'M',
    'Option2 Name': 'Color',
    'Option2 Value': 'Blue',
    'Variant Grams': '220',
    'Variant Inventory Tracker': 'shopify',
    'Variant Inventory Qty': '5',
    'Variant Inventory Policy': 'deny',
    'Variant Fulfillment Service': 'manual',
    'Variant Price': '49.00',
    'Variant Compare At Price': '59.00',
    'Variant Requires Shipping': 'TRUE',
    'Variant Taxable': 'TRUE',
    'Variant Barcode': '4006381333931',
    'Image Src': `${IMG}/front.jpg`,
    'Image Position': '1',
    'Image Alt Text': 'Front',
    'Gift Card': 'FALSE',
    'SEO Title': 'Linen shirt in blue and sand',
    'SEO Description': 'A soft linen shirt for summer.',
    'Google Shopping / Gender': 'Unisex',
    'Google Shopping / Age Group': 'Adult',
    'Google Shopping / MPN': 'LS-2024',
    'Google Shopping / Condition': 'new',
    'Google Shopping / Custom Product': 'FALSE',
    'Google Shopping / Custom Label 0': 'summer-sale',
    'Google Shopping / Custom Label 4': 'margin-high',
    'Variant Image': `${IMG}/blue.jpg`,
    'Variant Weight Unit': 'kg',
    'Variant Tax Code': 'PC040100',
    'Cost per item': '18.00',
    'Included / United States': 'TRUE',
    'Price / United States': '55.00',
    'Compare At Price / United States': '65.00',
    'Included / International': 'TRUE',
    Status: 'active',
  },
  {
    Handle: 'linen-shirt-sand',
    'Option1 Value': 'M',
    'Option2 Value': 'Sand',
    'Variant SKU': 'LS-M-SND',
    'Variant Grams': '220',
    'Variant Inventory Tracker': 'shopify',
    'Variant Inventory Qty': '0',
    'Variant Inventory Policy': 'deny',
    'Variant Fulfillment Service': 'manual',
    'Variant Price': '49.00',
    'Variant Compare At Price': '45.00',
    'Variant Requires Shipping': 'TRUE',
    'Variant Taxable': 'TRUE',
    'Image Src': `${IMG}/back.jpg`,
    'Image Position': '3',
    'Variant Weight Unit': 'kg',
  },
  {
    Handle: 'linen-shirt-sand',
    'Option1 Value': 'L',
    'Option2 Value': 'Blue',
    'Variant SKU': 'LS-L-BLU',
    'Variant Grams': '240',
    'Variant Inventory Tracker': 'shopify',
    'Variant Inventory Qty': '-2',
    'Variant Inventory Policy': 'continue',
    'Variant Fulfillment Service': 'manual',
    'Variant Price': '52.00',
    'Variant Requires Shipping': 'TRUE',
    'Variant Taxable': 'TRUE',
    'Image Src': `${IMG}/blue.jpg`,
    'Image Position': '2',
    'Variant Image': `${IMG}/blue.jpg`,
    'Variant Weight Unit': 'kg',
  },
  {
    Handle: 'linen-shirt-sand',
    'Option1 Value': 'L',
    'Option2 Value': 'Sand',
    'Variant SKU': 'LS-L-SND',
    'Variant Grams': '240',
    'Variant Inventory Qty': '0',
    'Variant Inventory Policy': 'deny',
    'Variant Fulfillment Service': 'manual',
    'Variant Price': '52.00',
    'Variant Compare At Price': '52.00',
    'Variant Requires Shipping': 'TRUE',
    'Variant Taxable': 'TRUE',
    'Variant Weight Unit': 'kg',
  },
  {
    Handle: 'linen-shirt-sand',
    'Image Src': `${IMG}/detail.jpg`,
    'Image Position': '4',
    'Image Alt Text': 'Detail',
  },
];

/** A product without options: Shopify's one variant, option Title, value Default Title; hidden from the store. */
const TOTE: Row = {
  Handle: 'canvas-tote',
  Title: 'Canvas tote',
  'Body (HTML)': 'Sturdy canvas.',
  Vendor: 'Maison Lin',
  'Product Category': 'Apparel & Accessories > Handbags, Wallets & Cases',
  Type: 'Bags',
  Published: 'FALSE',
  'Option1 Name': 'Title',
  'Option1 Value': 'Default Title',
  'Variant Grams': '300',
  'Variant Inventory Tracker': 'shopify',
  'Variant Inventory Qty': '12',
  'Variant Inventory Policy': 'deny',
  'Variant Fulfillment Service': 'manual',
  'Variant Price': '25.00',
  'Variant Requires Shipping': 'TRUE',
  'Variant Taxable': 'TRUE',
  'Image Src': `${IMG}/tote.jpg`,
  'Image Position': '1',
  'Gift Card': 'FALSE',
  'Variant Weight Unit': 'kg',
  Status: 'active',
};

function productRows(handle: string, status: string, sizes: readonly string[]): Row[] {
  return sizes.map((size, i) => ({
    Handle: handle,
    ...(i === 0 ? { Title: `Product ${handle}`, 'Option1 Name': 'Size', Status: status } : {}),
    'Option1 Value': size,
    'Variant SKU': `${handle}-${size}`,
    'Variant Price': '10.00',
  }));
}

describe('isShopifyProductsHeader', () => {
  it("recognises Shopify's products export header, in any case", () => {
    expect(isShopifyProductsHeader(HEADER)).toBe(true);
    expect(isShopifyProductsHeader(HEADER.map((name) => name.toLowerCase()))).toBe(true);
    expect(isShopifyProductsHeader([' Handle ', 'Title', 'Variant SKU'])).toBe(true);
    expect(isShopifyProductsHeader(['Handle', 'Title', 'VARIANT PRICE'])).toBe(true);
  });

  it('refuses a Google feed header and a header with Handle alone', () => {
    const google = [
      'id',
      'title',
      'description',
      'link',
      'image_link',
      'availability',
      'price',
      'brand',
      'gtin',
    ];
    expect(isShopifyProductsHeader(google)).toBe(false);
    expect(isShopifyProductsHeader(google.map((name) => `g:${name}`))).toBe(false);
    expect(isShopifyProductsHeader(['Handle', 'Title', 'Price'])).toBe(false);
    expect(isShopifyProductsHeader(['Variant SKU', 'Variant Price'])).toBe(false);
  });
});

describe("Shopify's sample product_template.csv", () => {
  // The rows of Shopify's sample file (the classic column names, as the help page links it): a T-shirt
  // with three variants, pants in draft and a hat archived. Option1 Name is "Title" with real values.
  const SAMPLE = `Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Fulfillment Service,Variant Price,Variant Compare At Price,Variant Requires Shipping,Variant Taxable,Variant Barcode,Image Src,Image Position,Image Alt Text,Gift Card,SEO Title,SEO Description,Google Shopping / Google Product Category,Google Shopping / Gender,Google Shopping / Age Group,Google Shopping / MPN,Google Shopping / AdWords Grouping,Google Shopping / AdWords Labels,Google Shopping / Condition,Google Shopping / Custom Product,Google Shopping / Custom Label 0,Google Shopping / Custom Label 1,Google Shopping / Custom Label 2,Google Shopping / Custom Label 3,Google Shopping / Custom Label 4,Variant Image,Variant Weight Unit,Variant Tax Code,Cost per item,Price / International,Compare At Price / International,Status
example-t-shirt,Example T-Shirt,,Acme,Apparel & Accessories > Clothing,Shirts,mens t-shirt example,TRUE,Title,"Lithograph - Height: 9"" x Width: 12""",,,,,,3629,,,deny,manual,25,,TRUE,TRUE,,https://burst.shopifycdn.com/photos/green-t-shirt.jpg?width=5000,1,,FALSE,Our awesome T-shirt in 70 characters or less.,A great description of your products in 320 characters or less,Apparel & Accessories > Clothing,Unisex,Adult,7X8ABC910,T-shirts,"cotton, pre-shrunk",used,FALSE,,,,,,,g,,,,,active
example-t-shirt,,,,,,,,,Small,,,,,example-shirt-s,200,,,deny,manual,19.99,24.99,TRUE,TRUE,,,,,,,,,,,,,,,,,,,,,,g,,,,,
example-t-shirt,,,,,,,,,Medium,,,,,example-shirt-m,200,shopify,,deny,manual,19.99,24.99,TRUE,TRUE,,,,,,,,,,,,,,,,,,,,,,g,,,,,
example-pants,Example Pants,,Acme,Apparel & Accessories > Clothing,Pants,mens pants example,FALSE,Title,"Jeans, W32H34",,,,,,1250,,,deny,manual,49.99,57.99,TRUE,TRUE,,https://burst.shopifycdn.com/photos/distressed-kids-jeans.jpg?width=5000,1,,FALSE,Our awesome Pants in 70 characters or less.,A great description of your products in 320 characters or less,Apparel & Accessories > Clothing,Unisex,Adult,7Y2ABD712,Pants,"cotton, pre-shrunk",used,FALSE,,,,,,,g,,,,,draft
example-hat,Example Hat,,Acme,Apparel & Accessories > Clothing,Hat,mens hat example,FALSE,Title,Grey,,,,,,275,,,deny,manual,17.99,22.99,TRUE,TRUE,,https://burst.shopifycdn.com/photos/kids-beanie.jpg?width=5000,1,,FALSE,Our awesome Hat in 70 characters or less.,A great description of your products in 320 characters or less,Apparel & Accessories > Clothing,Unisex,Adult,5P1NBQ314,Hat,"cotton, pre-shrunk",used,FALSE,,,,,,,g,,,,,archived
`;

  it('is recognised by its header', () => {
    expect(isShopifyProductsHeader(SAMPLE.split('\n')[0]!.split(','))).toBe(true);
  });

  it('gives a variant row every product field of its first row, in the catalogue’s names', async () => {
    const events = await variants(SAMPLE);
    expect(events.map((e) => [e.kind, e.row])).toEqual([
      ['record', 1],
      ['record', 2],
      ['record', 3],
      ['rejected', 4],
      ['rejected', 5],
    ]);
    expect(fieldsOf(events[1])).toEqual({
      id: 'example-shirt-s',
      title: 'Example T-Shirt – Small',
      availability: 'in stock',
      condition: 'used',
      price: '24.99',
      sale_price: '19.99',
      image_link: 'https://burst.shopifycdn.com/photos/green-t-shirt.jpg?width=5000',
      brand: 'Acme',
      item_group_id: 'example-t-shirt',
      product_type: 'Shirts',
      google_product_category: 'Apparel & Accessories > Clothing',
      mpn: '7X8ABC910',
      gender: 'Unisex',
      age_group: 'Adult',
      tags: 'mens t-shirt example',
      // An option named Title would be read as the item's title: its values are kept under another name.
      'Option Title': 'Small',
      'SEO Title': 'Our awesome T-shirt in 70 characters or less.',
      'SEO Description': 'A great description of your products in 320 characters or less',
      'Gift Card': 'FALSE',
      'Variant Grams': '200',
      'Variant Weight Unit': 'g',
      'Google Shopping / AdWords Grouping': 'T-shirts',
      'Google Shopping / AdWords Labels': 'cotton, pre-shrunk',
      'Google Shopping / Custom Product': 'FALSE',
    });
  });

  it('names a SKU-less variant by handle and option value, and skips draft and archived products', async () => {
    const events = await variants(SAMPLE);
    expect(fieldsOf(events[0])).toMatchObject({
      id: 'example-t-shirt-Lithograph - Height: 9" x Width: 12"',
      title: 'Example T-Shirt – Lithograph - Height: 9" x Width: 12"',
      price: '25',
    });
    expect(fieldsOf(events[0]).sale_price).toBeUndefined();
    // Tracked without a quantity (the sample leaves it empty): nothing says it is sold out.
    expect(fieldsOf(events[2])).toMatchObject({ id: 'example-shirt-m', availability: 'in stock' });
    expect(fieldsOf(events[2]).inventory).toBeUndefined();
    expect(events[3]).toEqual({
      kind: 'rejected',
      row: 4,
      id: 'example-pants-Jeans, W32H34',
      reason: DRAFT_REASON,
    });
    expect(events[4]).toEqual({ kind: 'rejected', row: 5, id: 'example-hat-Grey', reason: ARCHIVED_REASON });
  });
});

describe("Shopify's current column names", () => {
  // The export as Shopify's help page names its columns today ("URL handle", "SKU", "Price",
  // "Compare-at price", "Inventory quantity", "Continue selling when out of stock" TRUE/FALSE…).
  const CURRENT = [
    'URL handle,Title,Description,Vendor,Product category,Type,Tags,Published on online store,Status,SKU,Barcode,Option1 name,Option1 value,Option2 name,Option2 value,Price,Compare-at price,Cost per item,Charge tax,Inventory tracker,Inventory quantity,Continue selling when out of stock,Weight value (grams),Weight unit for display,Requires shipping,Fulfillment service,Product image URL,Image position,Image alt text,Variant image URL,Gift card,SEO title,SEO description,Price / International,Compare-at price / International',
    'linen-shirt,Linen shirt,<p>Washed <b>linen</b></p>,Northwind,Apparel & Accessories,Shirts,"linen, summer",TRUE,Active,LS-M,4006381333931,Size,M,Color,Sand,44.00,59.00,20.00,TRUE,shopify,3,FALSE,220,g,TRUE,manual,https://cdn.test/front.jpg,1,Front,https://cdn.test/sand.jpg,FALSE,,,,',
    'linen-shirt,,,,,,,,,LS-L,,,L,,Sand,44.00,59.00,20.00,TRUE,shopify,0,TRUE,240,g,TRUE,manual,https://cdn.test/back.jpg,2,Back,,,,,,',
    'linen-shirt,,,,,,,,,LS-XL,,,XL,,Sand,44.00,59.00,20.00,TRUE,shopify,0,FALSE,260,g,TRUE,manual,,,,,,,,,',
  ].join('\n');

  it('is recognised, and reads as the classic export does', async () => {
    expect(isShopifyProductsHeader(CURRENT.split('\n')[0]!.split(','))).toBe(true);
    const events = await variants(CURRENT);
    expect(events.map((e) => (e.kind === 'record' ? fieldsOf(e).id : e.reason))).toEqual([
      'LS-M',
      'LS-L',
      'LS-XL',
    ]);
    expect(fieldsOf(events[0])).toMatchObject({
      title: 'Linen shirt – M / Sand',
      description: 'Washed linen',
      brand: 'Northwind',
      item_group_id: 'linen-shirt',
      gtin: '4006381333931',
      price: '59.00',
      sale_price: '44.00',
      inventory: '3',
      availability: 'in stock',
      image_link: 'https://cdn.test/sand.jpg',
      Size: 'M',
      Color: 'Sand',
    });
    // Sold out: TRUE sells on (available for order), FALSE does not.
    expect(fieldsOf(events[1])).toMatchObject({ availability: 'available for order', inventory: '0' });
    expect(fieldsOf(events[2])).toMatchObject({ availability: 'out of stock', inventory: '0' });
    // Bookkeeping and per-market columns are not kept.
    expect(Object.keys(fieldsOf(events[0]))).not.toContain('Charge tax');
    expect(Object.keys(fieldsOf(events[0]))).not.toContain('Compare-at price / International');
  });
});

describe('shopifyVariantRecords', () => {
  it('gives one record per variant of a product with two options, at its variant row', async () => {
    const events = await variants(exportCsv(LINEN_SHIRT));
    expect(events.map((e) => [e.kind, e.row, e.kind === 'record' ? fieldsOf(e).id : e.id])).toEqual([
      ['record', 1, 'linen-shirt-sand-M-Blue'],
      ['record', 2, 'LS-M-SND'],
      ['record', 3, 'LS-L-BLU'],
      ['record', 4, 'LS-L-SND'],
    ]);
  });

  it('writes the first variant in the catalogue’s vocabulary, dropping Shopify’s bookkeeping', async () => {
    const [first] = await variants(exportCsv(LINEN_SHIRT));
    expect(fieldsOf(first)).toEqual({
      id: 'linen-shirt-sand-M-Blue',
      title: 'Linen shirt – M / Blue',
      description: 'Soft & light linen shirt.\nRelaxed fit\nMade in Portugal\nCare:\nWash <30°C',
      availability: 'in stock',
      inventory: '5',
      condition: 'new',
      price: '59.00',
      sale_price: '49.00',
      image_link: `${IMG}/blue.jpg`,
      additional_image_link: [`${IMG}/front.jpg`, `${IMG}/back.jpg`, `${IMG}/detail.jpg`],
      brand: 'Maison Lin',
      item_group_id: 'linen-shirt-sand',
      product_type: 'Shirts',
      google_product_category: 'Apparel & Accessories > Clothing > Shirts & Tops',
      custom_label_0: 'summer-sale',
      custom_label_4: 'margin-high',
      gtin: '4006381333931',
      mpn: 'LS-2024',
      gender: 'Unisex',
      age_group: 'Adult',
      tags: ['linen', 'summer', 'sale'],
      Size: 'M',
      Color: 'Blue',
      'SEO Title': 'Linen shirt in blue and sand',
      'SEO Description': 'A soft linen shirt for summer.',
      'Gift Card': 'FALSE',
      'Variant Grams': '220',
      'Variant Weight Unit': 'kg',
      'Google Shopping / Custom Product': 'FALSE',
    });
  });

  it('gives further variant rows the product fields of the first row', async () => {
    const events = await variants(exportCsv(LINEN_SHIRT));
    for (const event of events) {
      expect(fieldsOf(event)).toMatchObject({
        brand: 'Maison Lin',
        item_group_id: 'linen-shirt-sand',
        product_type: 'Shirts',
        mpn: 'LS-2024',
        custom_label_0: 'summer-sale',
        tags: ['linen', 'summer', 'sale'],
        'SEO Title': 'Linen shirt in blue and sand',
      });
      expect(fieldsOf(event).description).toMatch(/^Soft & light/);
    }
    expect(fieldsOf(events[1])).toMatchObject({ title: 'Linen shirt – M / Sand', Size: 'M', Color: 'Sand' });
    expect(fieldsOf(events[3])).toMatchObject({ title: 'Linen shirt – L / Sand', Size: 'L', Color: 'Sand' });
    // The barcode is the first variant's own.
    expect(fieldsOf(events[1]).gtin).toBeUndefined();
  });

  it('takes the variant image, else the first image by position; the others are additional', async () => {
    const events = await variants(exportCsv(LINEN_SHIRT));
    const images = events.map((e) => {
      const fields = fieldsOf(e);
      return [fields.image_link, fields.additional_image_link];
    });
    expect(images).toEqual([
      [`${IMG}/blue.jpg`, [`${IMG}/front.jpg`, `${IMG}/back.jpg`, `${IMG}/detail.jpg`]],
      [`${IMG}/front.jpg`, [`${IMG}/blue.jpg`, `${IMG}/back.jpg`, `${IMG}/detail.jpg`]],
      [`${IMG}/blue.jpg`, [`${IMG}/front.jpg`, `${IMG}/back.jpg`, `${IMG}/detail.jpg`]],
      [`${IMG}/front.jpg`, [`${IMG}/blue.jpg`, `${IMG}/back.jpg`, `${IMG}/detail.jpg`]],
    ]);
  });

  it('orders images without a position after the numbered ones, in file order', async () => {
    const rows: Row[] = [
      { Handle: 'cap', Title: 'Cap', 'Option1 Name': 'Title', 'Option1 Value': 'Default Title' },
      { Handle: 'cap', 'Image Src': `${IMG}/c.jpg` },
      { Handle: 'cap', 'Image Src': `${IMG}/b.jpg`, 'Image Position': '2' },
      { Handle: 'cap', 'Image Src': `${IMG}/d.jpg` },
      { Handle: 'cap', 'Image Src': `${IMG}/a.jpg`, 'Image Position': '1' },
    ];
    const [cap] = await variants(exportCsv(rows));
    expect(fieldsOf(cap)).toMatchObject({
      image_link: `${IMG}/a.jpg`,
      additional_image_link: [`${IMG}/b.jpg`, `${IMG}/c.jpg`, `${IMG}/d.jpg`],
    });
  });

  it('uses the compare-at price as the price only when it is above the variant price', async () => {
    const events = await variants(exportCsv(LINEN_SHIRT));
    const prices = events.map((e) => [fieldsOf(e).price, fieldsOf(e).sale_price]);
    expect(prices).toEqual([
      ['59.00', '49.00'], // compare-at above: on sale
      ['49.00', undefined], // compare-at below: ignored
      ['52.00', undefined], // no compare-at
      ['52.00', undefined], // compare-at equal: not a sale
    ]);
  });

  it('reads availability and inventory from tracking, quantity and policy', async () => {
    const events = await variants(exportCsv(LINEN_SHIRT));
    const stock = events.map((e) => [fieldsOf(e).availability, fieldsOf(e).inventory]);
    expect(stock).toEqual([
      ['in stock', '5'], // tracked, 5 left
      ['out of stock', '0'], // tracked, none left, policy deny
      ['available for order', '0'], // tracked, oversold (-2), policy continue: counted from 0
      ['in stock', undefined], // not tracked: always sellable, its quantity means nothing
    ]);
  });

  it('keeps the plain title and the handle as id for a Default Title product, published or not', async () => {
    const [tote] = await variants(exportCsv([TOTE]));
    expect(fieldsOf(tote)).toEqual({
      id: 'canvas-tote',
      title: 'Canvas tote',
      description: 'Sturdy canvas.',
      availability: 'in stock',
      inventory: '12',
      price: '25.00',
      image_link: `${IMG}/tote.jpg`,
      brand: 'Maison Lin',
      item_group_id: 'canvas-tote',
      product_type: 'Bags',
      google_product_category: 'Apparel & Accessories > Handbags, Wallets & Cases',
      'Gift Card': 'FALSE',
      'Variant Grams': '300',
      'Variant Weight Unit': 'kg',
    });
  });

  it('prefers Google Shopping’s product category to Shopify’s', async () => {
    const [tote] = await variants(
      exportCsv([{ ...TOTE, 'Google Shopping / Google Product Category': 'Luggage & Bags > Tote Bags' }]),
    );
    expect(fieldsOf(tote).google_product_category).toBe('Luggage & Bags > Tote Bags');
  });

  it('rejects every variant of a draft or archived product with its id, at its row', async () => {
    const rows = [
      ...productRows('gift-box', 'draft', ['S', 'M']),
      ...productRows('old-cap', 'archived', ['One size']),
      ...productRows('new-cap', 'Active', ['One size']),
    ];
    expect(await variants(exportCsv(rows))).toEqual([
      { kind: 'rejected', row: 1, id: 'gift-box-S', reason: DRAFT_REASON },
      { kind: 'rejected', row: 2, id: 'gift-box-M', reason: DRAFT_REASON },
      { kind: 'rejected', row: 3, id: 'old-cap-One size', reason: ARCHIVED_REASON },
      expect.objectContaining({ kind: 'record', row: 4 }),
    ]);
    expect(DRAFT_REASON).toBe('Draft product: Shopify does not show it in the store, so it is skipped');
    expect(ARCHIVED_REASON).toMatch(/^Archived product: .*, so it is skipped$/);
  });

  it('passes a malformed line through at its place, inside or between products', async () => {
    const csv = exportCsv([LINEN_SHIRT[0]!, 'linen-shirt-sand,broken', ...LINEN_SHIRT.slice(1), 'x,y', TOTE]);
    const input = feedEvents(csv);
    const events = await variants(input);
    expect(events.map((e) => [e.kind, e.row])).toEqual([
      ['record', 1],
      ['rejected', 2],
      ['record', 3],
      ['record', 4],
      ['record', 5],
      ['rejected', 7],
      ['record', 8],
    ]);
    expect(events[1]).toBe(input[1]);
    expect(events[5]).toBe(input[6]);
    expect(events[1]).toEqual({
      kind: 'rejected',
      row: 2,
      id: null,
      reason: `Malformed row: 2 columns where the header has ${HEADER.length} (line 3)`,
    });
  });

  it('passes a malformed first line through before any product', async () => {
    const events = await variants(exportCsv(['a,b', TOTE]));
    expect(events.map((e) => [e.kind, e.row])).toEqual([
      ['rejected', 1],
      ['record', 2],
    ]);
  });

  it('starts a product without title at a variant row of another handle', async () => {
    const rows: Row[] = [
      TOTE,
      { Handle: 'mystery', 'Option1 Value': 'Red', 'Variant SKU': 'MY-RED', 'Variant Price': '9.00' },
    ];
    const events = await variants(exportCsv(rows));
    expect(events.map((e) => e.row)).toEqual([1, 2]);
    expect(fieldsOf(events[1])).toEqual({
      id: 'MY-RED',
      availability: 'in stock',
      price: '9.00',
      item_group_id: 'mystery',
      Option1: 'Red',
    });
  });

  it('reads a handle whose rows are not consecutive as two products', async () => {
    const rows: Row[] = [
      ...productRows('scarf', 'active', ['S']),
      TOTE,
      { Handle: 'scarf', 'Option1 Value': 'M', 'Variant SKU': 'scarf-M', 'Variant Price': '10.00' },
    ];
    const events = await variants(exportCsv(rows));
    expect(fieldsOf(events[0])).toMatchObject({ id: 'scarf-S', title: 'Product scarf – S', Size: 'S' });
    // The later group is a product of its own: same handle, none of the first group's fields.
    expect(fieldsOf(events[2])).toEqual({
      id: 'scarf-M',
      availability: 'in stock',
      price: '10.00',
      item_group_id: 'scarf',
      Option1: 'M',
    });
  });

  it('keeps the options of a hand-made product whose status is empty', async () => {
    const rows: Row[] = [
      {
        Handle: 'socks',
        Title: 'Socks',
        'Option1 Name': 'Size',
        'Option1 Value': '39-42',
        'Option2 Name': 'Color',
        'Option2 Value': 'Grey',
        'Option3 Name': 'Quantity',
        'Option3 Value': 'Pack of 3',
        'Variant Price': '12.00',
      },
    ];
    const [socks] = await variants(exportCsv(rows));
    expect(fieldsOf(socks)).toMatchObject({
      id: 'socks-39-42-Grey-Pack of 3',
      title: 'Socks – 39-42 / Grey / Pack of 3',
      Size: '39-42',
      Color: 'Grey',
      // "Quantity" is a name the catalogue reads as the inventory.
      'Option Quantity': 'Pack of 3',
    });
    expect(fieldsOf(socks).inventory).toBeUndefined();
  });

  it('keeps columns it does not know (metafields), from the variant row else the product row', async () => {
    const header = [...HEADER, 'Fabric (product.metafields.custom.fabric)', 'Variant Metafield: custom.fit'];
    const csv = stringify([
      header,
      [...HEADER.map((name) => LINEN_SHIRT[0]![name] ?? ''), 'Linen', 'Relaxed'],
      [...HEADER.map((name) => LINEN_SHIRT[1]![name] ?? ''), '', ''],
    ]);
    const events = await variants(csv);
    expect(fieldsOf(events[0])).toMatchObject({
      'Fabric (product.metafields.custom.fabric)': 'Linen',
      'Variant Metafield: custom.fit': 'Relaxed',
    });
    expect(fieldsOf(events[1])['Fabric (product.metafields.custom.fabric)']).toBe('Linen');
    expect(fieldsOf(events[1])['Variant Metafield: custom.fit']).toBeUndefined();
  });

  it('holds one product at a time: a product is written when the next one starts', async () => {
    const input = feedEvents(exportCsv([...LINEN_SHIRT, TOTE, ...productRows('scarf', 'active', ['S'])]));
    const read: number[] = [];
    const source = async function* () {
      for (const event of input) {
        read.push(event.row);
        yield event;
      }
    };
    const written: [number, number][] = [];
    for await (const event of shopifyVariantRecords(source())) written.push([event.row, read.length]);
    // Each variant comes out once the first row of the next product (or the end) has been read.
    expect(written).toEqual([
      [1, 6],
      [2, 6],
      [3, 6],
      [4, 6],
      [6, 7],
      [7, 7],
    ]);
  });

  it('writes the variants of a product with more rows than Shopify allows in parts', async () => {
    const names = ['Handle', 'Title', 'Option1 Name', 'Option1 Value', 'Variant Price'];
    const count = 10_001;
    const input: FeedEvent[] = Array.from({ length: count }, (_, i) => ({
      kind: 'record',
      row: i + 1,
      names,
      values: ['huge', i === 0 ? 'Huge' : '', i === 0 ? 'N' : '', String(i), '1.00'],
    }));
    let read = 0;
    const source = async function* () {
      for (const event of input) {
        read += 1;
        yield event;
      }
    };
    const events: FeedEvent[] = [];
    let readAtFirst = 0;
    for await (const event of shopifyVariantRecords(source())) {
      if (events.length === 0) readAtFirst = read;
      events.push(event);
    }
    // The first part is written before the product's last row is read.
    expect(readAtFirst).toBeLessThan(count);
    expect(events).toHaveLength(count);
    expect(events.map((e) => e.row)).toEqual(input.map((e) => e.row));
    expect(fieldsOf(events[count - 1])).toMatchObject({
      id: `huge-${count - 1}`,
      title: `Huge – ${count - 1}`,
    });
  });

  it('gives records the item mapper reads as items', async () => {
    const mapper = createItemMapper();
    const events = await variants(exportCsv([...LINEN_SHIRT, TOTE]));
    const items = records(events).map((event) => {
      const result = mapper.toItem(event);
      if ('rejected' in result) throw new Error(`rejected: ${String(result.rejected)}`);
      return result.item;
    });
    expect(
      items.map((item) => [item.itemId, item.priceAmount, item.salePriceAmount, item.availability]),
    ).toEqual([
      ['linen-shirt-sand-M-Blue', 5900, 4900, 'in stock'],
      ['LS-M-SND', 4900, null, 'out of stock'],
      ['LS-L-BLU', 5200, null, 'available for order'],
      ['LS-L-SND', 5200, null, 'in stock'],
      ['canvas-tote', 2500, null, 'in stock'],
    ]);
    expect(items[0]).toMatchObject({
      title: 'Linen shirt – M / Blue',
      condition: 'new',
      imageLink: `${IMG}/blue.jpg`,
      additionalImageLinks: [`${IMG}/front.jpg`, `${IMG}/back.jpg`, `${IMG}/detail.jpg`],
      brand: 'Maison Lin',
      itemGroupId: 'linen-shirt-sand',
      productType: 'Shirts',
      customLabel0: 'summer-sale',
      inventory: 5,
    });
    expect(items[0]!.extra).toMatchObject({ Size: 'M', Color: 'Blue', gtin: '4006381333931' });
  });
});
