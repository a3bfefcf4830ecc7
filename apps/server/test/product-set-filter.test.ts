/**
 * filterToSql against matchesFilter: random filters over random items, evaluated in memory and by the
 * database, must select the same items (fixed cases first, for the pitfalls by name).
 */
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { catalogImports, catalogItems, catalogs, clients } from '../src/db/schema.js';
import { parseProductSetFilter, PRODUCT_SET_FIELDS, productSetField } from '@adloom/commerce';
import { matchesFilter, type FilterableItem } from '../src/modules/catalogs/product-sets/filter.js';
import { filterToSql } from '../src/modules/catalogs/product-sets/filter-sql.js';
import { describeEachDatabase, openTestDatabase } from './harness.js';

// Values that trip case folding (É, Σ/ς, İ), LIKE (%, _, \\), quoting (') and reading text as a number,
// drawn mostly from small pools so that rules often split the items.
const CHARS = ['a', 'A', 'é', 'É', 'σ', 'Σ', 'ς', 'İ', 'i', '%', '_', '\\', "'", ' ', '1', '.', '-'];
const WORDS = ['Acme', 'acme', 'ÉTÉ x', 'été', 'Σale', 'σale', '50%', '5_0', 'a\\b', "o'k", 'İi', ''];
const DECIMALS = ['12', '-1.5', '0.10', '-0', '1e3', '12.', ' 5', '9'.repeat(31), '9'.repeat(400)];
const often = <T>(pool: fc.Arbitrary<T>, rest: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: pool }, { weight: 1, arbitrary: rest });
const text = fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 3 });
const cell = often(fc.constantFrom(...WORDS, ...DECIMALS), text);
const needle = often(
  fc.constantFrom(...CHARS, 'ac', 'ét', '50', ''),
  fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 2 }),
);
const smallInt = often(fc.constantFrom(-1, 0, 1, 12, 4999, 5000), fc.integer({ min: -1000, max: 1000 }));
const number = often(
  fc.constantFrom(-1, -0, 0, 0.1, 1, 12, 12.5, 4999, 5000),
  fc.oneof(fc.constant(1e21), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })),
);
const EXTRA_KEYS = ['size', "o'k", 'Color', 'toString', 'a->b'];

const itemArb: fc.Arbitrary<Omit<FilterableItem, 'itemId'> & { idSuffix: string }> = fc.record({
  idSuffix: text,
  title: cell,
  description: cell,
  availability: cell,
  condition: cell,
  brand: cell,
  itemGroupId: cell,
  productType: cell,
  googleProductCategory: cell,
  customLabel0: cell,
  customLabel1: cell,
  customLabel2: cell,
  customLabel3: cell,
  customLabel4: cell,
  currency: fc.option(cell, { nil: null }),
  link: cell,
  imageLink: cell,
  priceAmount: fc.option(smallInt, { nil: null }),
  salePriceAmount: fc.option(smallInt, { nil: null }),
  inventory: fc.option(smallInt, { nil: null }),
  rating: fc.option(number, { nil: null }),
  reviewCount: fc.option(smallInt, { nil: null }),
  // Each extra field present or not; a record without its absent keys is a Record<string, string>.
  extra: fc
    .record(Object.fromEntries(EXTRA_KEYS.map((key) => [key, cell])), {
      requiredKeys: [],
      noNullPrototype: true,
    })
    .map((extra) => extra as Record<string, string>),
});

const itemsArb: fc.Arbitrary<FilterableItem[]> = fc
  .array(itemArb, { maxLength: 12 })
  .map((items) => items.map(({ idSuffix, ...rest }, i) => ({ ...rest, itemId: `i${i}-${idSuffix}` })));

const FIELD_NAMES = [
  ...PRODUCT_SET_FIELDS.map((f) => f.name),
  'retailer_id',
  'retailer_product_group_id',
  ...EXTRA_KEYS,
  'absent',
];

const numberish = fc.oneof(number, smallInt.map(String));

function leafArb(name: string): fc.Arbitrary<unknown> {
  const rule = (operator: fc.Arbitrary<string>, value: fc.Arbitrary<unknown>) =>
    fc.tuple(operator, value).map(([op, v]) => ({ [name]: { [op]: v } }));
  const list = <T>(value: fc.Arbitrary<T>) => fc.array(value, { minLength: 1, maxLength: 3 });
  const order = rule(fc.constantFrom('lt', 'lte', 'gt', 'gte'), numberish);
  if (productSetField(name).kind === 'number')
    return fc.oneof(
      rule(fc.constantFrom('eq', 'neq'), numberish),
      order,
      rule(fc.constantFrom('is_any', 'is_not_any'), list(numberish)),
    );
  return fc.oneof(
    rule(fc.constantFrom('eq', 'neq'), fc.oneof(cell, smallInt)),
    order,
    rule(
      fc.constantFrom(
        'contains',
        'not_contains',
        'i_contains',
        'i_not_contains',
        'starts_with',
        'i_starts_with',
      ),
      needle,
    ),
    rule(fc.constantFrom('is_any', 'is_not_any'), list(fc.oneof(cell, smallInt))),
  );
}

const { filter: filterArb } = fc.letrec<{ filter: unknown; node: unknown; leaf: unknown; group: unknown }>(
  (tie) => ({
    filter: fc.oneof({ weight: 1, arbitrary: fc.constant({}) }, { weight: 9, arbitrary: tie('node') }),
    node: fc.oneof(
      { maxDepth: 3 },
      { weight: 2, arbitrary: tie('leaf') },
      { weight: 1, arbitrary: tie('group') },
    ),
    leaf: fc.constantFrom(...FIELD_NAMES).chain(leafArb),
    group: fc
      .tuple(fc.constantFrom('and', 'or'), fc.array(tie('node'), { minLength: 1, maxLength: 3 }))
      .map(([op, rules]) => ({ [op]: rules })),
  }),
);

describeEachDatabase('product-set filter SQL on %s', (kind) => {
  let database: Database;
  let catalogId: string;
  let clientId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const [client] = await database.db.insert(clients).values({ name: 'Filter Co' }).returning();
    clientId = client!.id;
    const [catalog] = await database.db.insert(catalogs).values({ clientId, name: 'Shop' }).returning();
    catalogId = catalog!.id;
  });
  afterAll(() => database.close());

  /** A completed import holding the items; returns its id. */
  async function importItems(items: FilterableItem[]): Promise<string> {
    const [batch] = await database.db
      .insert(catalogImports)
      .values({ catalogId, clientId, status: 'completed', finishedAt: new Date() })
      .returning();
    if (items.length > 0)
      await database.db
        .insert(catalogItems)
        .values(items.map((item) => ({ ...item, importId: batch!.id, catalogId, contentHash: 'h' })));
    return batch!.id;
  }

  async function selectIds(importId: string, json: unknown): Promise<string[]> {
    const rows = await database.db
      .select({ itemId: catalogItems.itemId })
      .from(catalogItems)
      .where(and(eq(catalogItems.importId, importId), filterToSql(parseProductSetFilter(json))));
    return rows.map((row) => row.itemId).sort();
  }

  const inMemory = (items: FilterableItem[], json: unknown) => {
    const filter = parseProductSetFilter(json);
    return items
      .filter((item) => matchesFilter(filter, item))
      .map((item) => item.itemId)
      .sort();
  };

  it('handles wildcards, quotes, folding and non-numeric text like matchesFilter', async () => {
    const base = (itemId: string, over: Partial<FilterableItem>): FilterableItem => ({
      itemId,
      title: '',
      description: '',
      availability: 'in stock',
      condition: 'new',
      brand: '',
      itemGroupId: '',
      productType: '',
      googleProductCategory: '',
      customLabel0: '',
      customLabel1: '',
      customLabel2: '',
      customLabel3: '',
      customLabel4: '',
      currency: null,
      link: '',
      imageLink: '',
      priceAmount: null,
      salePriceAmount: null,
      inventory: null,
      rating: null,
      reviewCount: null,
      extra: {},
      ...over,
    });
    const items = [
      base('a', { title: '50% off', extra: { "o'k": '12.50' }, priceAmount: 4999 }),
      base('b', { title: '50 off_', extra: { "o'k": 'twelve' }, priceAmount: 5000 }),
      base('c', { title: 'ÉTÉ \\ Σale', extra: { "o'k": '9'.repeat(400) }, currency: 'EUR' }),
      base('d', { title: 'été', extra: { size: '42' } }),
    ];
    const importId = await importItems(items);
    const cases: [unknown, string[]][] = [
      [{ title: { contains: '%' } }, ['a']],
      [{ title: { contains: '_' } }, ['b']],
      [{ title: { contains: '\\' } }, ['c']],
      [{ title: { i_starts_with: 'été' } }, ['c', 'd']],
      [{ title: { i_contains: 'σALE' } }, ['c']],
      [{ title: { i_contains: 'SALE' } }, []],
      [{ "o'k": { gt: 12 } }, ['a']],
      [{ "o'k": { neq: 'twelve' } }, ['a', 'c', 'd']],
      [{ "o'k": { lt: 1e9 } }, ['a']],
      [{ price_amount: { lt: 5000 } }, ['a']],
      [{ price_amount: { neq: 5000 } }, ['a', 'c', 'd']],
      [{ currency: { is_not_any: ['EUR'] } }, ['a', 'b', 'd']],
      [{ size: { is_any: [42] } }, ['d']],
      [{}, ['a', 'b', 'c', 'd']],
    ];
    for (const [json, expected] of cases) {
      expect(inMemory(items, json), JSON.stringify(json)).toEqual(expected);
      expect(await selectIds(importId, json), JSON.stringify(json)).toEqual(expected);
    }
  });

  it('selects exactly the items matchesFilter accepts, for random filters and items', async () => {
    await fc.assert(
      fc.asyncProperty(
        itemsArb,
        fc.array(filterArb, { minLength: 1, maxLength: 5 }),
        async (items, filters) => {
          const importId = await importItems(items);
          for (const json of filters)
            expect(await selectIds(importId, json), JSON.stringify(json)).toEqual(inMemory(items, json));
        },
      ),
      { numRuns: 60 },
    );
  });
});
