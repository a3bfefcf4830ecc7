/**
 * DPA performance (issue 19, items 3 and 4): catalogue ads by kind, their products rolled up to the
 * catalogue's items, item groups and categories, and the enhancement lift of Adloom creatives over the
 * plain catalogue image, on a catalogue imported from CSV and facts with planted effects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addSums, emptySums, type MetricSums } from '@adloom/commerce';
import {
  auditEvents,
  feedCreatives,
  feedDesigns,
  feeds,
  productSets,
  templates,
  templateVersions,
} from '../src/db/schema.js';
import { createCatalog } from '../src/modules/catalogs/catalogs.service.js';
import { queueCatalogImport, runCatalogImport } from '../src/modules/catalogs/import/import-service.js';
import { enhancementLift, type LiftRow } from '../src/modules/performance/dpa/lift.js';
import { createTestApp, describeEachDatabase, gql, twoClients, type TestApp } from './harness.js';
import { accountWithCampaigns, type WorldAd } from './performance/world.js';

/** A deterministic stream of numbers in [0, 1) for the noise of the planted data. */
function noise(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 4_294_967_296;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const ITEMS = Array.from({ length: 40 }, (_, i) => `P${pad(i + 1)}`);
const n = (id: string) => Number(id.slice(1));
/** Every third item is a running shoe, the next a top, the next has no product type. */
const productType = (id: string) => ['Shoes > Running', 'Apparel > Tops', ''][n(id) % 3]!;
const categoryOf = (id: string) => ({ 0: 'Shoes', 1: 'Apparel', 2: 'Uncategorised' })[n(id) % 3]!;
const groupOf = (id: string) => (n(id) <= 36 ? `G${pad(Math.ceil(n(id) / 2))}` : id);

function catalogCsv(): string {
  const lines = ['id,title,price,availability,image_link,item_group_id,product_type,google_product_category'];
  for (const id of ITEMS)
    lines.push(
      [
        id,
        `Item ${id.slice(1)}`,
        '10.00 USD',
        'in stock',
        `https://cdn.test/${id}.jpg`,
        n(id) <= 36 ? groupOf(id) : '',
        `"${productType(id)}"`,
        n(id) <= 20 ? '"Apparel & Accessories > Shoes"' : '"Sporting Goods > Athletics"',
      ].join(','),
    );
  return lines.join('\n');
}

type ProductDay = { item: string; m: Partial<MetricSums> };

/**
 * One item's rows for a catalogue ad and an enhancement ad: the same impressions, a base CTR that varies
 * by item, the enhancement's CTR times `factor`, each side with its own noise of ±10 % (CVR ±20 %).
 */
function pairedRows(items: readonly string[], factor: (id: string) => number, seed: number) {
  const random = noise(seed);
  const catalog: ProductDay[] = [];
  const enhancement: ProductDay[] = [];
  for (const item of items) {
    const impressions = 8000 + 100 * n(item);
    const ctr = 0.008 + 0.0002 * n(item);
    for (const [list, f] of [
      [catalog, 1],
      [enhancement, factor(item)],
    ] as const) {
      const linkClicks = Math.round(impressions * ctr * f * (0.9 + 0.2 * random()));
      const purchases = linkClicks * 0.05 * (0.8 + 0.4 * random());
      list.push({
        item,
        m: {
          impressions,
          linkClicks,
          clicks: linkClicks,
          spend: impressions / 100,
          purchases,
          purchaseValue: purchases * 40,
        },
      });
    }
  }
  return { catalog, enhancement };
}

/** A WorldAd whose product rows are on `day` and whose daily row is their sum. */
function catalogAd(
  name: string,
  creative: WorldAd['creative'],
  days: { day: string; products: ProductDay[] }[],
): WorldAd {
  return {
    campaign: 'Catalogue sales',
    name,
    creative: { creativeKind: 'catalog', ...creative },
    rows: days.map(({ day, products }) => ({
      day,
      m: products.reduce((s, p) => addSums(s, p.m), emptySums()),
    })),
    breakdowns: days.flatMap(({ day, products }) =>
      products.map((p) => ({ breakdown: 'product_id' as const, value: p.item, day, m: p.m })),
    ),
  };
}

const sumOf = (rows: readonly ProductDay[], filter: (item: string) => boolean = () => true) =>
  rows.filter((r) => filter(r.item)).reduce((s, r) => addSums(s, r.m), emptySums());

const ghost = (item: string, spend: number): ProductDay => ({
  item,
  m: { impressions: spend * 100, spend, linkClicks: spend, clicks: spend },
});

// September: Adloom creatives +25 % CTR on all 40 items. October: no effect. November: the items drawn with
// "Bold price" (P01–P20) +30 %, those drawn with "Plain frame" (P21–P40) none.
const SEP = pairedRows(ITEMS, () => 1.25, 1);
const OCT = pairedRows(ITEMS, () => 1, 2);
const NOV = pairedRows(ITEMS, (id) => (n(id) <= 20 ? 1.3 : 1), 3);
// December: an ad that names only a template version ("Bold price"), on ten items.
const DEC = pairedRows(ITEMS.slice(0, 10), () => 1, 4);
const GHOSTS_C = [ghost('GHOST-1', 7), ghost('GHOST-2', 3)];
const GHOSTS_E = [ghost('GHOST-3', 5)];

describe('enhancement lift, pure', () => {
  const rowsOf = (pairs: {
    catalog: readonly ProductDay[];
    enhancement: readonly ProductDay[];
  }): LiftRow[] => [
    ...pairs.catalog.map((c) => ({
      adId: 'cat',
      productId: c.item,
      side: 'catalog' as const,
      sums: addSums(emptySums(), c.m),
    })),
    ...pairs.enhancement.map((e) => ({
      adId: 'enh',
      productId: e.item,
      side: 'enhancement' as const,
      sums: addSums(emptySums(), e.m),
    })),
  ];

  it('is deterministic and needs two items for an interval', () => {
    const rows = rowsOf(pairedRows(ITEMS, () => 1.25, 9));
    expect(enhancementLift(rows)).toEqual(enhancementLift(rows));
    const one = enhancementLift(rows.filter((r) => r.productId === ITEMS[0]));
    expect(one.itemsCompared).toBe(1);
    expect(one.metrics[0]).toMatchObject({ metric: 'ctr', low: null, high: null, significant: false });
    expect(one.metrics[0]!.lift).not.toBeNull();
  });

  // Each ad has its own pull over all its items (audience, placement): four Adloom ads that differ by
  // ±30 % around +7 % are not an effect of the creatives, whatever the number of items; four that all
  // carry +25 % are.
  const adRows = (factors: readonly number[]): LiftRow[] => {
    const random = noise(11);
    return ITEMS.flatMap((item) => {
      const base = 1000 + Math.floor(random() * 2000);
      const side = (adId: string, kind: LiftRow['side'], factor: number): LiftRow => {
        const impressions = base;
        return {
          adId,
          productId: item,
          side: kind,
          sums: {
            ...emptySums(),
            impressions,
            spend: impressions / 100,
            linkClicks: Math.round(impressions * 0.02 * factor * (0.97 + 0.06 * random())),
          },
        };
      };
      return [
        ...[0, 1, 2, 3].map((a) => side(`cat-${a}`, 'catalog', 1)),
        ...factors.map((f, a) => side(`enh-${a}`, 'enhancement', f)),
      ];
    });
  };

  it('reads one lucky ad as noise, not as the creatives’ effect (ads are drawn as well as items)', () => {
    const ctr = (rows: LiftRow[]) => enhancementLift(rows).metrics.find((m) => m.metric === 'ctr')!;
    const uneven = ctr(adRows([1.35, 0.8, 1.3, 0.85]));
    expect(uneven.lift!).toBeGreaterThan(0.02);
    expect(uneven.significant).toBe(false);
    const even = ctr(adRows([1.24, 1.26, 1.25, 1.25]));
    expect(even.significant).toBe(true);
    expect(even.low!).toBeGreaterThan(0.15);
  });
});

describeEachDatabase('DPA performance on %s', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoClients>>;
  const ids: Record<string, string> = {};
  const asA = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });

  async function importCatalog(clientId: string, name: string, csv: string) {
    const catalog = await createCatalog(t.deps.db, clientId, { name });
    const key = `clients/${clientId}/catalog-files/${catalog.id}/feed.csv`;
    await t.deps.files.put(key, Buffer.from(csv), { contentType: 'text/csv' });
    const queued = await queueCatalogImport(t.deps.db, catalog.id);
    const done = await runCatalogImport(t.deps, {
      catalogId: catalog.id,
      importId: queued.id,
      source: { kind: 'file', key },
    });
    expect(done.status).toBe('completed');
    return catalog.id;
  }

  async function template(clientId: string, name: string) {
    const db = t.deps.db;
    const [tpl] = await db
      .insert(templates)
      .values({ clientId, name, width: 1080, height: 1080, thumbnailUrl: `https://cdn.test/${name}.png` })
      .returning();
    const [version] = await db
      .insert(templateVersions)
      .values({
        templateId: tpl!.id,
        number: 1,
        name,
        templateString: '<svg/>',
        width: 1080,
        height: 1080,
        slots: [],
      })
      .returning();
    return { templateId: tpl!.id, versionId: version!.id };
  }

  /** A feed of the catalogue whose creatives of `items` were drawn with the design of `versionOf(item)`. */
  async function feed(
    clientId: string,
    catalogId: string,
    name: string,
    items: string[],
    versionOf: (item: string) => string,
  ) {
    const db = t.deps.db;
    const [set] = await db.insert(productSets).values({ clientId, catalogId, name, filter: {} }).returning();
    const [row] = await db
      .insert(feeds)
      .values({ clientId, productSetId: set!.id, name, exportToken: `token-${name}-${Math.random()}` })
      .returning();
    const designs = new Map<string, string>();
    for (const version of new Set(items.map(versionOf))) {
      const [design] = await db
        .insert(feedDesigns)
        .values({ feedId: row!.id, templateVersionId: version, position: designs.size })
        .returning();
      designs.set(version, design!.id);
    }
    await db.insert(feedCreatives).values(
      items.map((itemId) => ({
        feedId: row!.id,
        itemId,
        status: 'generated' as const,
        designId: designs.get(versionOf(itemId))!,
        outputKey: `clients/${clientId}/creatives/${row!.id}-${itemId}.jpg`,
      })),
    );
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { jobs: 'in-process' });
    w = await twoClients(t);
    // "Old" is imported first: its P39 and P40 lose to the newer catalogue's unless an ad's feed names it.
    ids.old = await importCatalog(
      w.a.id,
      'Old',
      'id,title,price,availability\nP39,Old thirty-nine,5.00 USD,in stock\nP40,Old forty,5.00 USD,in stock',
    );
    ids.shoes = await importCatalog(w.a.id, 'Shoes', catalogCsv());
    const bold = await template(w.a.id, 'Bold price');
    const plain = await template(w.a.id, 'Plain frame');
    ids.boldTemplate = bold.templateId;
    ids.plainTemplate = plain.templateId;
    ids.shoesFeed = await feed(w.a.id, ids.shoes, 'Shoes feed', ITEMS, (id) =>
      n(id) <= 20 ? bold.versionId : plain.versionId,
    );
    ids.oldFeed = await feed(w.a.id, ids.old, 'Old feed', ['P40'], () => plain.versionId);

    const { adIds } = await accountWithCampaigns(t.deps.db, w.a.id, {
      ads: [
        catalogAd('Plain catalogue', {}, [
          { day: '2026-09-01', products: [...SEP.catalog, ...GHOSTS_C] },
          { day: '2026-10-01', products: OCT.catalog },
          { day: '2026-11-01', products: NOV.catalog },
          { day: '2026-12-01', products: DEC.catalog },
          { day: '2027-01-01', products: [{ item: 'P39', m: { spend: 4, impressions: 400 } }] },
        ]),
        catalogAd('Adloom creatives', { feedId: ids.shoesFeed }, [
          { day: '2026-09-01', products: [...SEP.enhancement, ...GHOSTS_E] },
          { day: '2026-10-01', products: OCT.enhancement },
          { day: '2026-11-01', products: NOV.enhancement },
        ]),
        catalogAd('Template only', { templateVersionId: bold.versionId }, [
          { day: '2026-12-01', products: DEC.enhancement },
        ]),
        catalogAd('Old feed ad', { feedId: ids.oldFeed }, [
          { day: '2027-01-01', products: [{ item: 'P40', m: { spend: 6, impressions: 600 } }] },
        ]),
        catalogAd('To move', {}, [
          { day: '2027-02-01', products: [{ item: 'P01', m: { spend: 9, impressions: 900 } }] },
        ]),
        {
          campaign: 'Catalogue sales',
          name: 'Single image',
          creative: { creativeKind: 'image' },
          rows: [{ day: '2026-09-01', m: { spend: 1000, impressions: 100_000 } }],
        },
      ],
    });
    ids.toMove = adIds.get('To move')!;
    ids.plainAd = adIds.get('Plain catalogue')!;

    // Client B: a catalogue ad and a feed of its own, which A must not reach.
    ids.bCatalog = await importCatalog(
      w.b.id,
      'B shoes',
      'id,title,price,availability\nP01,B item,5.00 USD,in stock',
    );
    const bTemplate = await template(w.b.id, 'B template');
    ids.bFeed = await feed(w.b.id, ids.bCatalog, 'B feed', ['P01'], () => bTemplate.versionId);
    const b = await accountWithCampaigns(t.deps.db, w.b.id, {
      externalId: 'act_b',
      ads: [
        catalogAd('B catalogue ad', {}, [
          { day: '2027-02-01', products: [{ item: 'P01', m: { spend: 2, impressions: 200 } }] },
        ]),
      ],
    });
    ids.bAd = b.adIds.get('B catalogue ad')!;
  }, 120_000);
  afterAll(() => t.close());

  const SEP_RANGE = 'from: "2026-09-01", to: "2026-09-30"';

  it('dpaAds: catalogue ads only, filtered by kind, with their products and sums', async () => {
    const res = await asA(`{
      all: dpaAds(${SEP_RANGE}, kind: ALL) { currency total { spend impressions } rows { ad { name creativeKind } kind feedId feedName products values { spend linkClicks } } }
      catalog: dpaAds(${SEP_RANGE}, kind: CATALOG) { total { spend } rows { ad { name } } }
      enhancement: dpaAds(${SEP_RANGE}, kind: ENHANCEMENT) { total { spend } rows { ad { name } feedName } } }`);
    expect(res.errors).toBeUndefined();
    const catalogSums = sumOf([...SEP.catalog, ...GHOSTS_C]);
    const enhancementSums = sumOf([...SEP.enhancement, ...GHOSTS_E]);
    const { all, catalog, enhancement } = res.data!;
    expect(all.currency).toBe('USD');
    expect(all.rows).toHaveLength(2);
    expect(all.rows.map((r: { ad: { name: string } }) => r.ad.name).sort()).toEqual([
      'Adloom creatives',
      'Plain catalogue',
    ]);
    const byName = new Map(all.rows.map((r: { ad: { name: string } }) => [r.ad.name, r]));
    expect(byName.get('Plain catalogue')).toMatchObject({
      kind: 'CATALOG',
      feedId: null,
      feedName: null,
      products: 42,
      ad: { creativeKind: 'catalog' },
      values: { linkClicks: catalogSums.linkClicks },
    });
    expect(byName.get('Adloom creatives')).toMatchObject({
      kind: 'ENHANCEMENT',
      feedId: ids.shoesFeed,
      feedName: 'Shoes feed',
      products: 41,
      values: { linkClicks: enhancementSums.linkClicks },
    });
    expect(all.total.spend).toBeCloseTo(catalogSums.spend + enhancementSums.spend, 6);
    expect(all.total.impressions).toBe(catalogSums.impressions + enhancementSums.impressions);
    expect(catalog.rows).toEqual([{ ad: { name: 'Plain catalogue' } }]);
    expect(catalog.total.spend).toBeCloseTo(catalogSums.spend, 6);
    expect(enhancement.rows).toEqual([{ ad: { name: 'Adloom creatives' }, feedName: 'Shoes feed' }]);
    expect(enhancement.total.spend).toBeCloseTo(enhancementSums.spend, 6);
  });

  it('dpaItems by ITEM: catalogue items with both kinds, their creatives; unknown ids counted', async () => {
    const res = await asA(`{ dpaItems(${SEP_RANGE}, grouping: ITEM, limit: 500) {
      currency totalRows notInCatalog rows { key label imageUrl catalogId itemId items inCatalog
        values { spend linkClicks } enhancementValues { linkClicks } catalogValues { linkClicks }
        creatives { feedId feedName imageUrl templateName } } } }`);
    expect(res.errors).toBeUndefined();
    const report = res.data!.dpaItems;
    expect(report).toMatchObject({ currency: 'USD', totalRows: 43, notInCatalog: 3 });
    const row = (key: string) => report.rows.find((r: { key: string }) => r.key === key);
    const inP07 = (id: string) => id === 'P07';
    expect(row('P07')).toMatchObject({
      label: 'Item 07',
      imageUrl: 'https://cdn.test/P07.jpg',
      catalogId: ids.shoes,
      itemId: 'P07',
      items: 1,
      inCatalog: true,
      values: { linkClicks: sumOf([...SEP.catalog, ...SEP.enhancement], inP07).linkClicks },
      enhancementValues: { linkClicks: sumOf(SEP.enhancement, inP07).linkClicks },
      catalogValues: { linkClicks: sumOf(SEP.catalog, inP07).linkClicks },
      creatives: [
        {
          feedId: ids.shoesFeed,
          feedName: 'Shoes feed',
          templateName: 'Bold price',
          imageUrl: expect.stringMatching(/-P07\.jpg$/),
        },
      ],
    });
    expect(row('P25').creatives).toEqual([expect.objectContaining({ templateName: 'Plain frame' })]);
    // Shown in September by the newer catalogue's feed: the newer catalogue's item.
    expect(row('P40')).toMatchObject({ label: 'Item 40', catalogId: ids.shoes });
    expect(row('GHOST-1')).toEqual(
      expect.objectContaining({
        label: 'GHOST-1',
        inCatalog: false,
        items: 0,
        catalogId: null,
        itemId: null,
        creatives: [],
      }),
    );
    const spends = report.rows.map((r: { values: { spend: number } }) => r.values.spend);
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
    const total = report.rows.reduce((s: number, r: { values: { spend: number } }) => s + r.values.spend, 0);
    expect(total).toBeCloseTo(sumOf([...SEP.catalog, ...SEP.enhancement, ...GHOSTS_C, ...GHOSTS_E]).spend, 6);
  });

  it('dpaItems: search and limit; an id in two catalogues is the item of the ad’s feed, else the newest', async () => {
    const searched = await asA(
      `{ dpaItems(${SEP_RANGE}, grouping: ITEM, search: "item 0", limit: 5) { totalRows rows { key } } }`,
    );
    expect(searched.data?.dpaItems.totalRows).toBe(9);
    expect(searched.data?.dpaItems.rows).toHaveLength(5);
    const jan = await asA(
      `{ dpaItems(from: "2027-01-01", to: "2027-01-31", grouping: ITEM) { rows { key label catalogId } } }`,
    );
    expect(jan.errors).toBeUndefined();
    expect(jan.data?.dpaItems.rows).toEqual([
      { key: 'P40', label: 'Old forty', catalogId: ids.old },
      { key: 'P39', label: 'Item 39', catalogId: ids.shoes },
    ]);
    const bad = await asA(`{ dpaItems(${SEP_RANGE}, grouping: ITEM, limit: 501) { totalRows } }`);
    expect(bad.errors?.[0]?.message).toBe('limit must be a whole number from 1 to 500 (got 501).');
  });

  it('dpaItems by ITEM_GROUP and CATEGORY roll the items up', async () => {
    const res = await asA(`{
      groups: dpaItems(${SEP_RANGE}, grouping: ITEM_GROUP, limit: 500) { totalRows notInCatalog rows { key label items inCatalog itemId values { spend linkClicks } } }
      types: dpaItems(${SEP_RANGE}, grouping: CATEGORY) { rows { key label items inCatalog itemId catalogId values { linkClicks } enhancementValues { linkClicks } creatives { feedId } } }
      google: dpaItems(${SEP_RANGE}, grouping: CATEGORY, categoryField: GOOGLE_PRODUCT_CATEGORY) { rows { key items } } }`);
    expect(res.errors).toBeUndefined();
    const both = [...SEP.catalog, ...SEP.enhancement];
    const { groups, types, google } = res.data!;
    // 18 groups of two, P37–P40 each their own group, three unknown ids.
    expect(groups.totalRows).toBe(25);
    expect(groups.notInCatalog).toBe(3);
    const g04 = groups.rows.find((r: { key: string }) => r.key === 'G04');
    const inG04 = (id: string) => groupOf(id) === 'G04';
    expect(g04).toMatchObject({
      items: 2,
      inCatalog: true,
      values: { linkClicks: sumOf(both, inG04).linkClicks },
    });
    // Labelled and linked by its item with the most spend (P08: more impressions at the same CPM).
    expect(g04).toMatchObject({ label: 'Item 08', itemId: 'P08' });
    expect(groups.rows.find((r: { key: string }) => r.key === 'P38')).toMatchObject({
      items: 1,
      label: 'Item 38',
    });

    const byKey = new Map(types.rows.map((r: { key: string }) => [r.key, r]));
    expect([...byKey.keys()].sort()).toEqual(['Apparel', 'Not in catalogue', 'Shoes', 'Uncategorised']);
    for (const category of ['Apparel', 'Shoes', 'Uncategorised']) {
      const inIt = (id: string) => ITEMS.includes(id) && categoryOf(id) === category;
      expect(byKey.get(category)).toMatchObject({
        label: category,
        items: ITEMS.filter(inIt).length,
        inCatalog: true,
        itemId: null,
        catalogId: ids.shoes,
        creatives: [],
        values: { linkClicks: sumOf(both, inIt).linkClicks },
        enhancementValues: { linkClicks: sumOf(SEP.enhancement, inIt).linkClicks },
      });
    }
    expect(byKey.get('Not in catalogue')).toMatchObject({ items: 0, inCatalog: false, catalogId: null });
    expect(google.rows.filter((r: { key: string }) => r.key !== 'Not in catalogue')).toEqual([
      { key: 'Sporting Goods', items: 20 },
      { key: 'Apparel & Accessories', items: 20 },
    ]);
  });

  const LIFT = `itemsCompared enhancementSpend catalogSpend method metrics { metric enhancement catalog lift low high significant }`;

  it('enhancementLift finds a planted +25 % CTR with an interval that excludes 0, on the items of both kinds only', async () => {
    const res = await asA(`{ enhancementLift(${SEP_RANGE}) { ${LIFT} } }`);
    expect(res.errors).toBeUndefined();
    const lift = res.data!.enhancementLift;
    expect(lift.itemsCompared).toBe(40);
    expect(lift.enhancementSpend).toBeCloseTo(sumOf(SEP.enhancement).spend, 6);
    expect(lift.catalogSpend).toBeCloseTo(sumOf(SEP.catalog).spend, 6);
    expect(lift.method).toMatch(/bootstrap/);
    expect(lift.metrics.map((m: { metric: string }) => m.metric)).toEqual(['CTR', 'CVR', 'ROAS']);
    const ctr = lift.metrics[0];
    const e = sumOf(SEP.enhancement);
    const c = sumOf(SEP.catalog);
    expect(ctr.enhancement).toBeCloseTo(e.linkClicks / e.impressions, 12);
    expect(ctr.catalog).toBeCloseTo(c.linkClicks / c.impressions, 12);
    expect(ctr.lift).toBeCloseTo(ctr.enhancement / ctr.catalog - 1, 12);
    expect(ctr.lift).toBeGreaterThan(0.2);
    expect(ctr.lift).toBeLessThan(0.3);
    expect(ctr.low).toBeGreaterThan(0);
    expect(ctr.low).toBeLessThan(ctr.lift);
    expect(ctr.high).toBeGreaterThan(ctr.lift);
    expect(ctr.significant).toBe(true);
    // The same request gives the same interval.
    const again = await asA(`{ enhancementLift(${SEP_RANGE}) { metrics { low high } } }`);
    expect(again.data?.enhancementLift.metrics[0]).toEqual({ low: ctr.low, high: ctr.high });
  });

  it('enhancementLift does not call data without an effect significant', async () => {
    const res = await asA(`{ enhancementLift(from: "2026-10-01", to: "2026-10-31") { ${LIFT} } }`);
    expect(res.errors).toBeUndefined();
    const lift = res.data!.enhancementLift;
    expect(lift.itemsCompared).toBe(40);
    for (const m of lift.metrics) {
      expect(m.low, m.metric).toBeLessThan(0);
      expect(m.high, m.metric).toBeGreaterThan(0);
      expect(m.significant, m.metric).toBe(false);
    }
    const none = await asA(`{ enhancementLift(from: "2027-01-01", to: "2027-01-31") { ${LIFT} } }`);
    expect(none.data?.enhancementLift).toMatchObject({
      itemsCompared: 0,
      metrics: [{ lift: null, significant: false }, {}, {}],
    });
  });

  it('enhancementLiftByTemplate separates a template with a lift from one without, by category too', async () => {
    const res = await asA(`{ enhancementLiftByTemplate(from: "2026-11-01", to: "2026-11-30") {
      templateId templateName thumbnailUrl overall { ${LIFT} } categories { category lift { itemsCompared metrics { metric lift significant } } } } }`);
    expect(res.errors).toBeUndefined();
    const list = res.data!.enhancementLiftByTemplate;
    expect(list.map((l: { templateName: string }) => l.templateName).sort()).toEqual([
      'Bold price',
      'Plain frame',
    ]);
    const bold = list.find((l: { templateName: string }) => l.templateName === 'Bold price');
    const plain = list.find((l: { templateName: string }) => l.templateName === 'Plain frame');
    expect(bold).toMatchObject({
      templateId: ids.boldTemplate,
      thumbnailUrl: 'https://cdn.test/Bold price.png',
    });
    expect(bold.overall.itemsCompared).toBe(20);
    expect(bold.overall.metrics[0]).toMatchObject({ metric: 'CTR', significant: true });
    expect(bold.overall.metrics[0].lift).toBeGreaterThan(0.2);
    const first20 = (id: string) => n(id) <= 20;
    expect(bold.overall.catalogSpend).toBeCloseTo(sumOf(NOV.catalog, first20).spend, 6);
    expect(plain).toMatchObject({ templateId: ids.plainTemplate });
    expect(plain.overall.itemsCompared).toBe(20);
    expect(plain.overall.metrics[0]).toMatchObject({ metric: 'CTR', significant: false });
    // The lift's category: product_type's first level, else google_product_category's.
    expect(bold.categories.map((c: { category: string }) => c.category).sort()).toEqual([
      'Apparel',
      'Apparel & Accessories',
      'Shoes',
    ]);
    expect(
      bold.categories.reduce(
        (s: number, c: { lift: { itemsCompared: number } }) => s + c.lift.itemsCompared,
        0,
      ),
    ).toBe(20);
    const shoes = bold.categories.find((c: { category: string }) => c.category === 'Shoes');
    expect(shoes.lift.itemsCompared).toBe(
      ITEMS.filter((id) => first20(id) && categoryOf(id) === 'Shoes').length,
    );
    expect(shoes.lift.metrics[0].lift).toBeGreaterThan(0.2);
  });

  it('enhancementLiftByTemplate: an ad without a feed is counted under its own template version', async () => {
    const res = await asA(
      `{ enhancementLiftByTemplate(from: "2026-12-01", to: "2026-12-31") { templateId templateName overall { itemsCompared } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.enhancementLiftByTemplate).toEqual([
      { templateId: ids.boldTemplate, templateName: 'Bold price', overall: { itemsCompared: 10 } },
    ]);
  });

  it('setCatalogAdFeed moves an ad from CATALOG to ENHANCEMENT and back, audited; another client’s feed or ad is not found', async () => {
    const FEB = 'from: "2027-02-01", to: "2027-02-28"';
    const kinds = async () =>
      (await asA(`{ dpaAds(${FEB}, kind: ALL) { rows { ad { name } kind feedName } } }`)).data?.dpaAds.rows;
    expect(await kinds()).toEqual([{ ad: { name: 'To move' }, kind: 'CATALOG', feedName: null }]);
    const set = `mutation($ad: ID!, $feed: ID) { setCatalogAdFeed(adId: $ad, feedId: $feed) { adId feedId error { code message } } }`;

    const moved = await asA(set, { ad: ids.toMove, feed: ids.shoesFeed });
    expect(moved.data?.setCatalogAdFeed).toEqual({ adId: ids.toMove, feedId: ids.shoesFeed, error: null });
    expect(await kinds()).toEqual([{ ad: { name: 'To move' }, kind: 'ENHANCEMENT', feedName: 'Shoes feed' }]);
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.clientId, w.a.id), eq(auditEvents.action, 'ad.catalog_feed_set')));
    expect(event).toMatchObject({ targetKind: 'ad', targetId: ids.toMove, targetLabel: 'To move' });

    const otherFeed = await asA(set, { ad: ids.toMove, feed: ids.bFeed });
    expect(otherFeed.data?.setCatalogAdFeed).toEqual({
      adId: null,
      feedId: null,
      error: { code: 'NOT_FOUND', message: `Feed ${ids.bFeed} not found` },
    });
    const otherAd = await asA(set, { ad: ids.bAd, feed: ids.shoesFeed });
    expect(otherAd.data?.setCatalogAdFeed.error).toEqual({
      code: 'NOT_FOUND',
      message: `Catalogue ad ${ids.bAd} not found`,
    });
    const malformed = await asA(set, { ad: 'not-an-id', feed: null });
    expect(malformed.data?.setCatalogAdFeed.error.code).toBe('NOT_FOUND');
    // Still on the client's own feed.
    expect(await kinds()).toEqual([{ ad: { name: 'To move' }, kind: 'ENHANCEMENT', feedName: 'Shoes feed' }]);

    const cleared = await asA(set, { ad: ids.toMove, feed: null });
    expect(cleared.data?.setCatalogAdFeed).toEqual({ adId: ids.toMove, feedId: null, error: null });
    expect(await kinds()).toEqual([{ ad: { name: 'To move' }, kind: 'CATALOG', feedName: null }]);
  });
});
