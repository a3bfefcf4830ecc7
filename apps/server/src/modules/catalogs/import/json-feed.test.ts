import { describe, expect, it } from 'vitest';
import { detectJsonShape, jsonEvents, type JsonShape } from './json-feed.js';
import { type FeedEvent, FeedParseError } from './parse.js';

/** The data in 7-byte chunks, so tokens, lines, BOMs and multi-byte characters straddle chunk boundaries. */
async function* chunked(data: string | Buffer, size = 7): AsyncGenerator<Buffer> {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(data: string | Buffer, shape: JsonShape = 'json'): Promise<FeedEvent[]> {
  const events: FeedEvent[] = [];
  for await (const event of jsonEvents(chunked(data), shape)) events.push(event);
  return events;
}

/** A record's columns as [name, value] pairs, in order. */
const columns = (event: FeedEvent | undefined) =>
  event?.kind === 'record' ? event.names.map((name, i) => [name, event.values[i]]) : event;

async function failure(data: string, shape: JsonShape = 'json'): Promise<string> {
  const error = await read(data, shape).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FeedParseError);
  return (error as FeedParseError).message;
}

// Google's own example product (Content API for Shopping, "Make an API call",
// https://developers.google.com/shopping-content/guides/quickstart/making-an-api-call), as products.list
// answers it (https://developers.google.com/shopping-content/reference/rest/v2.1/products/list: kind,
// nextPageToken, resources), with more fields of the v2.1 Product resource
// (https://developers.google.com/shopping-content/reference/rest/v2.1/products).
const GOOGLE_PRODUCTS_LIST = JSON.stringify(
  {
    kind: 'content#productsListResponse',
    nextPageToken: 'CJfv1-0FGAE=',
    resources: [
      {
        kind: 'content#product',
        id: 'online:en:US:book123',
        offerId: 'book123',
        title: 'A Tale of Two Cities',
        description: 'A classic novel about the French Revolution',
        link: 'http://my-book-shop.com/tale-of-two-cities.html',
        imageLink: 'http://my-book-shop.com/tale-of-two-cities.jpg',
        additionalImageLinks: ['http://my-book-shop.com/back.jpg', 'http://my-book-shop.com/spine.jpg'],
        contentLanguage: 'en',
        targetCountry: 'US',
        channel: 'online',
        availability: 'in stock',
        condition: 'new',
        googleProductCategory: 'Media > Books',
        productTypes: ['Books > Classics', 'Books > History'],
        gtin: '9780007350896',
        itemGroupId: 'tale',
        customLabel0: 'bestseller',
        price: { value: '2.50', currency: 'USD' },
        salePrice: { value: '1.99', currency: 'USD' },
        salePriceEffectiveDate: '2024-11-01T00:00:00Z/2024-11-30T23:59:59Z',
        sizes: ['Paperback'],
        identifierExists: true,
        shipping: [
          { country: 'US', service: 'Standard shipping', price: { value: '0.99', currency: 'USD' } },
        ],
        shippingWeight: { value: 200, unit: 'grams' },
        customAttributes: [{ name: 'size type', value: 'regular' }],
      },
    ],
  },
  null,
  2,
);

// Meta's Graph API answer to GET /{product-catalog-id}/products (data, paging, summary; documented at
// https://developers.facebook.com/docs/marketing-api/reference/product-catalog/products/), with fields of
// the Product Item (https://developers.facebook.com/docs/marketing-api/reference/product-item/).
const META_PRODUCTS = JSON.stringify(
  {
    data: [
      {
        id: '1234',
        retailer_id: 'DB_1',
        name: 'Dog Bowl In Blue',
        description: 'Solid plastic Dog Bowl in marine blue color',
        url: 'http://www.example.com/bowls/db-1.html',
        image_url: 'http://images.example.com/DB_1.png',
        additional_image_urls: ['http://images.example.com/DB_1_side.png'],
        brand: 'Example',
        condition: 'new',
        availability: 'in stock',
        price: '$9.99',
        sale_price: '$7.99',
        currency: 'USD',
        sale_price_start_date: '2024-11-01T00:00:00+0000',
        sale_price_end_date: '2024-11-30T23:59:00+0000',
        category: 'Animals > Pet Supplies',
        product_type: 'Bowls & Dining > Food & Water Bowls',
        retailer_product_group_id: 'DB',
        inventory: 12,
        manufacturer_part_number: 'DB-1-BLUE',
        custom_label_0: 'summer',
      },
      { id: '5678', retailer_id: 'DB_2', name: 'Dog Bowl In Red', price: '€9,99' },
    ],
    paging: { cursors: { before: 'QVFIUmx1', after: 'QVFIUkZA' } },
    summary: { total_count: 2 },
  },
  null,
  2,
);

describe('detectJsonShape', () => {
  it('tells JSON documents and JSON Lines apart from the first bytes', () => {
    expect(detectJsonShape('[{"id":"1"}]')).toBe('json');
    expect(detectJsonShape('\ufeff  \n[\n')).toBe('json');
    expect(detectJsonShape('{"id":"1","title":"A"}\n{"id":"2"')).toBe('jsonl');
    expect(detectJsonShape('{"id":"1"}\r\n\r\n{"id":"2"}\n')).toBe('jsonl');
    expect(detectJsonShape('{"id":"1","title":"A"}\n')).toBe('jsonl');
    expect(detectJsonShape('{"id":"1","title":"A"}')).toBe('jsonl');
    // A wrapped document, pretty-printed or on one line.
    expect(detectJsonShape('{\n  "data": [\n')).toBe('json');
    expect(detectJsonShape('{"data":[{"id":"1"}],"paging":{}}')).toBe('json');
    expect(detectJsonShape('{"kind":"content#productsListResponse","resources":[]}\n')).toBe('json');
    // The first line is not a whole object (cut, or broken): a document, whose parse says why.
    expect(detectJsonShape('{"id":"1", "title": \n')).toBe('json');
    expect(detectJsonShape('{"id":"1"}\n"x"')).toBe('json');
  });
});

describe('JSON documents', () => {
  it('reads an array of products in feed names, numbers and booleans as written', async () => {
    // Meta's example item (product-item page, "Example TSV feed"), as a JSON array with Google's g: names.
    const json = `[
      {"g:id": "DB_1", "g:title": "Dog Bowl In Blue", "g:price": "9.99 GBP", "g:availability": "in stock",
       "g:google_product_category": "Animals > Pet Supplies", "gtin": 4006381333931, "weight": 1.50,
       "identifier_exists": false, "mpn": null, "brand": "", "custom_label_0": "Ünïcødé ☕ 🐶"},
      {"id": "DB_2", "title": "Bowl", "additional_image_link": ["https://a.example/1.png", "https://a.example/2.png"]}
    ]`;
    const events = await read(json);
    expect(events.map((e) => e.row)).toEqual([1, 2]);
    expect(columns(events[0])).toEqual([
      ['g:id', 'DB_1'],
      ['g:title', 'Dog Bowl In Blue'],
      ['g:price', '9.99 GBP'],
      ['g:availability', 'in stock'],
      ['g:google_product_category', 'Animals > Pet Supplies'],
      ['gtin', '4006381333931'],
      ['weight', '1.50'],
      ['identifier_exists', 'false'],
      ['custom_label_0', 'Ünïcødé ☕ 🐶'],
    ]);
    expect(columns(events[1])).toEqual([
      ['id', 'DB_2'],
      ['title', 'Bowl'],
      ['additional_image_link', 'https://a.example/1.png'],
      ['additional_image_link', 'https://a.example/2.png'],
    ]);
  });

  it('reads Google’s products.list answer (resources) in feed names', async () => {
    const events = await read(GOOGLE_PRODUCTS_LIST);
    expect(events).toHaveLength(1);
    expect(columns(events[0])).toEqual([
      ['kind', 'content#product'],
      ['rest_id', 'online:en:US:book123'],
      ['id', 'book123'],
      ['title', 'A Tale of Two Cities'],
      ['description', 'A classic novel about the French Revolution'],
      ['link', 'http://my-book-shop.com/tale-of-two-cities.html'],
      ['image_link', 'http://my-book-shop.com/tale-of-two-cities.jpg'],
      ['additional_image_link', 'http://my-book-shop.com/back.jpg'],
      ['additional_image_link', 'http://my-book-shop.com/spine.jpg'],
      ['content_language', 'en'],
      ['target_country', 'US'],
      ['channel', 'online'],
      ['availability', 'in stock'],
      ['condition', 'new'],
      ['google_product_category', 'Media > Books'],
      ['product_type', 'Books > Classics'],
      ['product_type', 'Books > History'],
      ['gtin', '9780007350896'],
      ['item_group_id', 'tale'],
      ['custom_label_0', 'bestseller'],
      ['price', '2.50 USD'],
      ['sale_price', '1.99 USD'],
      ['sale_price_effective_date', '2024-11-01T00:00:00Z/2024-11-30T23:59:59Z'],
      ['size', 'Paperback'],
      ['identifier_exists', 'true'],
      ['shipping[0].country', 'US'],
      ['shipping[0].service', 'Standard shipping'],
      ['shipping[0].price', '0.99 USD'],
      ['shipping_weight.value', '200'],
      ['shipping_weight.unit', 'grams'],
      ['size type', 'regular'],
    ]);
  });

  it('reads Meta’s Graph API answer (data) in feed names', async () => {
    const events = await read(META_PRODUCTS);
    expect(events.map((e) => e.row)).toEqual([1, 2]);
    expect(columns(events[0])).toEqual([
      ['product_item_id', '1234'],
      ['id', 'DB_1'],
      ['title', 'Dog Bowl In Blue'],
      ['description', 'Solid plastic Dog Bowl in marine blue color'],
      ['link', 'http://www.example.com/bowls/db-1.html'],
      ['image_link', 'http://images.example.com/DB_1.png'],
      ['additional_image_link', 'http://images.example.com/DB_1_side.png'],
      ['brand', 'Example'],
      ['condition', 'new'],
      ['availability', 'in stock'],
      ['price', '9.99 USD'],
      ['sale_price', '7.99 USD'],
      ['currency', 'USD'],
      ['sale_price_effective_date', '2024-11-01T00:00:00+0000/2024-11-30T23:59:00+0000'],
      ['google_product_category', 'Animals > Pet Supplies'],
      ['product_type', 'Bowls & Dining > Food & Water Bowls'],
      ['item_group_id', 'DB'],
      ['inventory', '12'],
      ['mpn', 'DB-1-BLUE'],
      ['custom_label_0', 'summer'],
    ]);
    // Without a currency the formatted price is passed on as Meta wrote it.
    expect(columns(events[1])).toEqual([
      ['product_item_id', '5678'],
      ['id', 'DB_2'],
      ['title', 'Dog Bowl In Red'],
      ['price', '€9,99'],
    ]);
  });

  it('reads Meta’s create-API prices, integers in cents, with the item’s currency', async () => {
    const json = `[{"retailer_id": "a", "price": 599, "sale_price": 5, "currency": "EUR"},
      {"retailer_id": "b", "price": 12.5, "currency": "USD"}, {"retailer_id": "c", "price": "15.00 USD"}]`;
    const events = await read(json);
    expect(events.map(columns)).toEqual([
      [
        ['id', 'a'],
        ['price', '5.99 EUR'],
        ['sale_price', '0.05 EUR'],
        ['currency', 'EUR'],
      ],
      [
        ['id', 'b'],
        ['price', '12.5 USD'],
        ['currency', 'USD'],
      ],
      [
        ['id', 'c'],
        ['price', '15.00 USD'],
      ],
    ]);
  });

  it('flattens nested objects and arrays of objects in Meta’s nested column notation', async () => {
    const json = `{"products": [{
      "id": "1",
      "shipping": {"country": "US", "price": "4.95 USD", "zone": {"name": "West"}},
      "image": [
        {"url": "https://a.example/1.png", "tag": ["front", "white"]},
        {"url": "https://a.example/2.png", "tag": []}
      ],
      "video": [{"url": "https://a.example/v.mp4"}],
      "grid": [["a", "b"], ["c"]],
      "2024": "kept in place",
      "empty": {}
    }]}`;
    const events = await read(json);
    expect(columns(events[0])).toEqual([
      ['id', '1'],
      ['shipping.country', 'US'],
      ['shipping.price', '4.95 USD'],
      ['shipping.zone.name', 'West'],
      ['image[0].url', 'https://a.example/1.png'],
      ['image[0].tag[0]', 'front'],
      ['image[0].tag[1]', 'white'],
      ['image[1].url', 'https://a.example/2.png'],
      ['video[0].url', 'https://a.example/v.mp4'],
      ['grid[0][0]', 'a'],
      ['grid[0][1]', 'b'],
      ['grid[1][0]', 'c'],
      ['2024', 'kept in place'],
    ]);
  });

  it('takes the preferred list of a wrapper over an earlier array of other objects', async () => {
    const json = `{"categories": [{"id": "c1", "name": "Shoes"}], "meta": {"count": 2},
      "items": [{"id": "1"}, {"id": "2"}], "related": [{"id": "r"}]}`;
    const events = await read(json);
    expect(events.map(columns)).toEqual([[['id', '1']], [['id', '2']]]);
  });

  it('takes the first array of objects when no preferred key holds a list', async () => {
    const json = `{"count": 2, "tags": ["a"], "records": [{"id": "1"}, "x", {"id": "2"}], "more": [{"id": "3"}]}`;
    const events = await read(json);
    expect(events).toEqual([
      { kind: 'record', row: 1, names: ['id'], values: ['1'] },
      { kind: 'rejected', row: 2, id: null, reason: 'Product 2 is not a JSON object (a string)' },
      { kind: 'record', row: 3, names: ['id'], values: ['2'] },
    ]);
  });

  it('reads an empty list of products as no rows', async () => {
    expect(await read('{"data": [], "paging": {}}')).toEqual([]);
    expect(await read('[]')).toEqual([]);
  });

  it('rejects an element that is not an object and reads on', async () => {
    const json = '[{"id": "1"}, "2", 3, null, [4], true, {"id": "7"}]';
    const events = await read(json);
    expect(events).toEqual([
      { kind: 'record', row: 1, names: ['id'], values: ['1'] },
      { kind: 'rejected', row: 2, id: null, reason: 'Product 2 is not a JSON object (a string)' },
      { kind: 'rejected', row: 3, id: null, reason: 'Product 3 is not a JSON object (a number)' },
      { kind: 'rejected', row: 4, id: null, reason: 'Product 4 is not a JSON object (null)' },
      { kind: 'rejected', row: 5, id: null, reason: 'Product 5 is not a JSON object (an array)' },
      { kind: 'rejected', row: 6, id: null, reason: 'Product 6 is not a JSON object (a boolean)' },
      { kind: 'record', row: 7, names: ['id'], values: ['7'] },
    ]);
  });

  it('rejects a product longer than 1 MB and reads on', async () => {
    const long = 'x'.repeat(1024 * 1024);
    const json = `[{"id": "1"}, {"id": "2", "description": "${long}", "more": {"a": [1, 2]}}, {"id": "3"}]`;
    const events = [];
    for await (const event of jsonEvents(chunked(json, 64 * 1024), 'json')) events.push(event);
    expect(events).toEqual([
      { kind: 'record', row: 1, names: ['id'], values: ['1'] },
      { kind: 'rejected', row: 2, id: null, reason: 'Product 2 is longer than 1 MB' },
      { kind: 'record', row: 3, names: ['id'], values: ['3'] },
    ]);
  });

  it('skips a UTF-8 byte order mark', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[{"id": "é1"}]')]);
    expect((await read(bom)).map(columns)).toEqual([[['id', 'é1']]]);
    // In chunks of one byte, the mark itself is cut.
    const events = [];
    for await (const event of jsonEvents(chunked(bom, 1), 'json')) events.push(event);
    expect(events.map(columns)).toEqual([[['id', 'é1']]]);
  });

  it('says where the JSON is not valid, by line and column', async () => {
    const trailingComma = '[\n  {"id": "1",\n   "title": "Shirt",\n  }\n]';
    expect(await failure(trailingComma)).toBe(
      'The JSON is not valid: unexpected “}” at line 4, column 3 (a comma is followed by nothing)',
    );
    expect(await failure('[\n  {"id": "1" "title": "Shirt"}\n]')).toBe(
      'The JSON is not valid: unexpected the text “title” at line 2, column 14 (expected “,” or “}”)',
    );
    // Columns count characters, not bytes.
    expect(await failure('[{"title": "Café ☕", "x": }]')).toBe(
      'The JSON is not valid: unexpected “}” at line 1, column 27 (expected a value)',
    );
    expect(await failure("[{'id': '1'}]")).toBe(
      "The JSON is not valid: unexpected “'” at line 1, column 3 (texts and names are written in double quotes)",
    );
    expect(await failure('[\n{title: "Shirt"}]')).toBe(
      'The JSON is not valid: unexpected word “title” at line 2, column 2 (texts and names are written in double quotes)',
    );
    expect(await failure('[{"description": "two\nlines"}]')).toBe(
      'The JSON is not valid: unexpected a line break at line 1, column 22 (inside a text, write a line break as \\n and a tab as \\t)',
    );
    expect(await failure('[{"id": "1"}\n, {"id": "2"}')).toBe(
      'The JSON is not valid: it ends before the “]” that closes the list opened at line 1, column 1; the file may have been cut off',
    );
    expect(await failure('[{"id": "1"}, {"id": "2')).toBe(
      'The JSON is not valid: it ends in the middle of a value; the file may have been cut off',
    );
    expect(await failure('{"id": "1"}\n{"id": "2"}\n')).toBe(
      'The JSON is not valid: unexpected “{” at line 2, column 1 (after the end of the document: a file with one product object on each line is JSON Lines)',
    );
  });

  it('yields the products read before an error, then the error', async () => {
    const events: FeedEvent[] = [];
    const error = await (async () => {
      for await (const event of jsonEvents(chunked('[{"id": "1"}, {"id": "2"}, oops]'), 'json'))
        events.push(event);
    })().catch((e: unknown) => e);
    expect(events.map((e) => e.row)).toEqual([1, 2]);
    expect((error as Error).message).toBe(
      'The JSON is not valid: unexpected word “oops” at line 1, column 28 (texts and names are written in double quotes)',
    );
  });

  it('says which text is not UTF-8, and stops at a value that never ends', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('[\n{"id": "1", "title": "Caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}]'),
    ]);
    const error = await read(latin1).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'The JSON is not valid: the text at line 2, column 26 is not UTF-8 (byte E9); save the file as UTF-8',
    );
    const open = Buffer.from(`[{"id": "1", "description": "${'x'.repeat(9 * 1024 * 1024)}`);
    const runaway = await (async () => {
      for await (const _ of jsonEvents(chunked(open, 64 * 1024), 'json')) void _;
    })().catch((e: unknown) => e);
    expect((runaway as Error).message).toBe(
      'The JSON holds a value longer than 8 MB, after the one at line 1: a quote is probably never closed',
    );
  });

  it('keeps a large first array of objects even when a preferred list follows it', async () => {
    const records = Array.from({ length: 1200 }, (_, i) =>
      JSON.stringify({ id: `r${i}`, title: 'x'.repeat(1000) }),
    );
    const json = `{"records": [${records.join(',')}], "items": [{"id": "late"}]}`;
    const ids: string[] = [];
    for await (const event of jsonEvents(chunked(json, 64 * 1024), 'json')) {
      if (event.kind === 'record') ids.push(event.values[0]!);
    }
    expect(ids).toHaveLength(1200);
    expect(ids.at(-1)).toBe('r1199');
  });

  it('turns Google’s custom attributes into columns of their names', async () => {
    const json = JSON.stringify([
      {
        offerId: 'x1',
        customAttributes: [
          { name: 'size type', value: 'regular' },
          {
            name: 'shipping',
            groupValues: [
              { name: 'country', value: 'DE' },
              { name: 'price', value: '4.95 EUR' },
            ],
          },
          { value: 'nameless' },
        ],
        certifications: [{ certificationAuthority: 'European_Commission', certificationCode: '123456' }],
      },
    ]);
    expect(columns((await read(json))[0])).toEqual([
      ['id', 'x1'],
      ['size type', 'regular'],
      ['shipping.country', 'DE'],
      ['shipping.price', '4.95 EUR'],
      ['custom_attributes[2].value', 'nameless'],
      ['certifications[0].certification_authority', 'European_Commission'],
      ['certifications[0].certification_code', '123456'],
    ]);
  });

  it('says when the JSON holds no list of products, or nothing', async () => {
    const noList =
      'The JSON holds no list of products: expected an array of objects, or an object with a “products”, “items”, “data”, “resources” or “entries” array';
    expect(await failure('{"id": "1", "title": "A single product", "tags": ["a"]}')).toBe(noList);
    expect(await failure('"products"')).toBe(noList);
    expect(await failure('  \n')).toBe('The feed is empty: it holds no JSON');
  });

  it('streams a large array with bounded memory: the first product comes before the source is read', async () => {
    const count = 50_000;
    let produced = 0;
    let sourceDone = false;
    async function* source(): AsyncGenerator<Buffer> {
      yield Buffer.from('{"kind": "content#productsListResponse", "resources": [');
      for (let i = 1; i <= count; i += 1) {
        produced += 1;
        const product = {
          offerId: `sku-${i}`,
          title: `Product ${i}`,
          price: { value: `${i}.00`, currency: 'EUR' },
        };
        yield Buffer.from(`${i > 1 ? ',' : ''}${JSON.stringify(product)}`);
      }
      yield Buffer.from(']}');
      sourceDone = true;
    }
    let rows = 0;
    let producedAtFirst = -1;
    let last: FeedEvent | undefined;
    for await (const event of jsonEvents(source(), 'json')) {
      if (rows === 0) {
        producedAtFirst = produced;
        expect(sourceDone).toBe(false);
      }
      rows += 1;
      last = event;
    }
    expect(producedAtFirst).toBeLessThan(10);
    expect(rows).toBe(count);
    expect(sourceDone).toBe(true);
    expect(columns(last)).toEqual([
      ['id', `sku-${count}`],
      ['title', `Product ${count}`],
      ['price', `${count}.00 EUR`],
    ]);
  });
});

describe('JSON Lines', () => {
  it('reads one product a line, skips blank lines, and rejects a broken line while reading on', async () => {
    const jsonl = [
      '{"id": "1", "title": "Shirt", "price": "15.00 USD"}',
      '',
      '{"id": "2", "title": "Tote",}',
      '   ',
      '["not", "an", "object"]',
      '{"id": "4", "title": "Ünïcødé ☕"}\r',
      '{"id": "5", "title": "Cut',
      '{"id": "6"} {"id": "7"}',
      '{"id": "8", "image": [{"url": "https://a.example/8.png", "tag": ["x"]}]}',
    ].join('\n');
    const events = await read(`\ufeff${jsonl}`, 'jsonl');
    expect(events).toEqual([
      { kind: 'record', row: 1, names: ['id', 'title', 'price'], values: ['1', 'Shirt', '15.00 USD'] },
      {
        kind: 'rejected',
        row: 2,
        id: null,
        reason: 'Line 3 is not a JSON object: unexpected “}” at column 29 (a comma is followed by nothing)',
      },
      { kind: 'rejected', row: 3, id: null, reason: 'Line 5 is not a JSON object (an array)' },
      { kind: 'record', row: 4, names: ['id', 'title'], values: ['4', 'Ünïcødé ☕'] },
      {
        kind: 'rejected',
        row: 5,
        id: null,
        reason: 'Line 7 is not a JSON object: it ends in the middle of a value',
      },
      {
        kind: 'rejected',
        row: 6,
        id: null,
        reason:
          'Line 8 is not a JSON object: unexpected “{” at column 13 (after the end of the line’s value)',
      },
      {
        kind: 'record',
        row: 7,
        names: ['id', 'image[0].url', 'image[0].tag[0]'],
        values: ['8', 'https://a.example/8.png', 'x'],
      },
    ]);
  });

  it('reads Google and Meta API objects a line, as in a JSON document', async () => {
    const google = JSON.parse(GOOGLE_PRODUCTS_LIST) as { resources: unknown[] };
    const meta = JSON.parse(META_PRODUCTS) as { data: unknown[] };
    const jsonl = [...google.resources, ...meta.data].map((p) => JSON.stringify(p)).join('\n') + '\n';
    const lines = await read(jsonl, 'jsonl');
    const documents = [...(await read(GOOGLE_PRODUCTS_LIST)), ...(await read(META_PRODUCTS))];
    expect(lines.map(columns)).toEqual(documents.map(columns));
  });

  it('rejects a line longer than 1 MB without holding it, and reads on', async () => {
    const long = `{"id": "2", "description": "${'x'.repeat(2 * 1024 * 1024)}"}`;
    const jsonl = `{"id": "1"}\n${long}\n{"id": "3"}`;
    const events = [];
    for await (const event of jsonEvents(chunked(jsonl, 64 * 1024), 'jsonl')) events.push(event);
    expect(events).toEqual([
      { kind: 'record', row: 1, names: ['id'], values: ['1'] },
      { kind: 'rejected', row: 2, id: null, reason: 'Line 2 is longer than 1 MB' },
      { kind: 'record', row: 3, names: ['id'], values: ['3'] },
    ]);
  });
});
