import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, describeEachDatabase, gql, twoClients, type TestApp } from './harness.js';
import { users } from '../src/db/schema.js';
import { accountWithCampaigns, daysFrom, type WorldAd } from './performance/world.js';
import { bucketStart, bucketsOf, comparisonPeriod } from '../src/modules/performance/dashboards/periods.js';
import { attributionLabel } from '../src/modules/performance/dashboards/context.js';

const SEP = daysFrom('2026-09-01', '2026-09-30');
const OCT = daysFrom('2026-10-01', '2026-10-30');
const DPA = 'Retargeting – DPA';

/**
 * September: Prospecting spends 10 a day at ROAS 3, Retargeting – DPA 20 a day at ROAS 4.2.
 * October: Prospecting spends 100 on the 1st at ROAS 1 and 10 a day after at ROAS 3; DPA still spends 20 a
 * day but at ROAS 1.9, mostly because 18–24 fell from ROAS 4.2 to 0.9.
 */
export const SHOP: WorldAd[] = [
  {
    campaign: 'Prospecting',
    name: 'P1',
    creative: { thumbnailUrl: 'https://cdn.example.com/p1.jpg', creativeKind: 'image' },
    rows: [
      ...SEP.map((day) => ({
        day,
        m: { spend: 10, impressions: 1000, linkClicks: 20, purchases: 1, purchaseValue: 30 },
      })),
      ...OCT.map((day, i) => ({
        day,
        m:
          i === 0
            ? { spend: 100, impressions: 10000, linkClicks: 100, purchases: 2, purchaseValue: 100 }
            : { spend: 10, impressions: 1000, linkClicks: 20, purchases: 1, purchaseValue: 30 },
      })),
    ],
  },
  {
    campaign: DPA,
    name: 'R1',
    rows: [
      ...SEP.map((day) => ({
        day,
        m: { spend: 20, impressions: 2000, linkClicks: 40, purchases: 2, purchaseValue: 84 },
      })),
      ...OCT.map((day) => ({
        day,
        m: { spend: 20, impressions: 2000, linkClicks: 40, purchases: 1, purchaseValue: 38 },
      })),
    ],
    breakdowns: [
      ...SEP.flatMap((day) => [
        {
          breakdown: 'age' as const,
          value: '18-24',
          day,
          m: { spend: 10, impressions: 1000, purchaseValue: 42 },
        },
        {
          breakdown: 'age' as const,
          value: '25-34',
          day,
          m: { spend: 10, impressions: 1000, purchaseValue: 42 },
        },
      ]),
      ...OCT.flatMap((day) => [
        {
          breakdown: 'age' as const,
          value: '18-24',
          day,
          m: { spend: 10, impressions: 1200, purchaseValue: 9 },
        },
        {
          breakdown: 'age' as const,
          value: '25-34',
          day,
          m: { spend: 10, impressions: 800, purchaseValue: 29 },
        },
      ]),
    ],
  },
];

describe('dashboard periods', () => {
  it('compares with the previous period of the same length, ending the day before', () => {
    expect(comparisonPeriod('2026-10-01', '2026-10-30')).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    expect(comparisonPeriod('2026-03-01', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(comparisonPeriod('2026-10-01', '2026-10-30', { from: '2025-10-01', to: '2025-10-30' })).toEqual({
      from: '2025-10-01',
      to: '2025-10-30',
    });
    expect(() =>
      comparisonPeriod('2026-10-01', '2026-10-30', { from: '2025-10-30', to: '2025-10-01' }),
    ).toThrow(/starts \(2025-10-30\) after it ends/);
  });

  it('starts weeks on Monday and months on the 1st, labelled by their first day', () => {
    expect(bucketStart('2026-10-04', 'WEEK')).toBe('2026-09-28'); // a Sunday
    expect(bucketStart('2026-09-28', 'WEEK')).toBe('2026-09-28'); // a Monday
    expect(bucketStart('2026-10-17', 'MONTH')).toBe('2026-10-01');
    expect(bucketsOf('2026-10-01', '2026-10-12', 'WEEK')).toEqual(['2026-09-28', '2026-10-05', '2026-10-12']);
    expect(bucketsOf('2026-01-31', '2026-03-01', 'MONTH')).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
  });

  it('writes attribution settings as a marketer reads them', () => {
    expect(attributionLabel('7d_click_1d_view')).toBe('7-day click or 1-day view');
    expect(attributionLabel('1d_click')).toBe('1-day click');
    expect(attributionLabel('custom')).toBe('custom');
  });
});

describeEachDatabase('performance dashboards on %s', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoClients>>;
  let campaignIds: Map<string, string>;
  const asA = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { jobs: 'in-process' });
    w = await twoClients(t);
    await accountWithCampaigns(t.deps.db, w.a.id, { ads: SHOP, name: 'Shop US' });
    // The demo data set of the same client: read only in demo mode.
    await accountWithCampaigns(t.deps.db, w.a.id, {
      source: 'demo',
      externalId: 'demo',
      name: 'Demo shop',
      currency: 'EUR',
      ads: [{ campaign: 'Demo campaign', name: 'D1', rows: [{ day: '2026-10-02', m: { spend: 7 } }] }],
    });
    const ctx = await asA('{ performanceContext { campaigns { id name } } }');
    campaignIds = new Map(
      (ctx.data?.performanceContext.campaigns as { id: string; name: string }[]).map((c) => [c.name, c.id]),
    );
  });
  afterAll(() => t.close());

  it('performanceContext: accounts, campaigns, currencies, attribution, days with data, demo and min spend', async () => {
    const res = await asA(`{ performanceContext {
      accounts { name source currency timeZone lastSyncedAt } campaigns { name accountId }
      currencies attributionSettings firstDay lastDay hasData demo minSpend } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data?.performanceContext).toMatchObject({
      accounts: [{ name: 'Shop US', source: 'file', currency: 'USD', timeZone: 'UTC', lastSyncedAt: null }],
      currencies: ['USD'],
      attributionSettings: ['7-day click or 1-day view'],
      firstDay: '2026-09-01',
      lastDay: '2026-10-30',
      hasData: true,
      demo: false,
      minSpend: 50,
    });
    expect(res.data?.performanceContext.campaigns.map((c: { name: string }) => c.name)).toEqual([
      'Prospecting',
      DPA,
    ]);
  });

  it('performanceContext in demo mode shows only the demo data set', async () => {
    await t.deps.db.update(users).set({ demoMode: true }).where(eq(users.id, w.adminA.id));
    try {
      const res = await asA('{ performanceContext { accounts { name } currencies firstDay lastDay demo } }');
      expect(res.data?.performanceContext).toEqual({
        accounts: [{ name: 'Demo shop' }],
        currencies: ['EUR'],
        firstDay: '2026-10-02',
        lastDay: '2026-10-02',
        demo: true,
      });
      const sum = await asA(
        '{ performanceComparison(from: "2026-10-01", to: "2026-10-30") { current { spend currency } } }',
      );
      expect(sum.data?.performanceComparison.current).toEqual({ spend: 7, currency: 'EUR' });
    } finally {
      await t.deps.db.update(users).set({ demoMode: false }).where(eq(users.id, w.adminA.id));
    }
  });

  it('performanceComparison: totals of both periods, ROAS from sums, the previous period’s dates', async () => {
    const res = await asA(`{ performanceComparison(from: "2026-10-01", to: "2026-10-30") {
      current { spend purchaseValue purchases roas cpa currency days }
      previous { spend purchaseValue purchases roas days } previousFrom previousTo } }`);
    expect(res.errors).toBeUndefined();
    const c = res.data?.performanceComparison;
    expect(c.previousFrom).toBe('2026-09-01');
    expect(c.previousTo).toBe('2026-09-30');
    expect(c.current).toMatchObject({
      spend: 990,
      purchaseValue: 2110,
      purchases: 61,
      currency: 'USD',
      days: 30,
    });
    expect(c.current.roas).toBeCloseTo(2110 / 990, 10);
    expect(c.current.cpa).toBeCloseTo(990 / 61, 10);
    expect(c.previous).toEqual({ spend: 900, purchaseValue: 3420, purchases: 90, roas: 3.8, days: 30 });
  });

  it('performanceComparison of one campaign: ROAS is revenue ÷ spend, not the average of daily ROAS', async () => {
    const res = await asA(
      `query($c: [ID!]) { performanceComparison(from: "2026-10-01", to: "2026-10-30", filter: { campaignIds: $c },
        comparison: { from: "2026-09-01", to: "2026-09-10" }) { current { spend roas } previous { spend } previousFrom previousTo } }`,
      { c: [campaignIds.get('Prospecting')] },
    );
    expect(res.errors).toBeUndefined();
    const c = res.data?.performanceComparison;
    expect(c.current.spend).toBe(390);
    expect(c.current.roas).toBeCloseTo(970 / 390, 10); // 2.487; the mean of daily ROAS would be 2.933
    expect(c.previous.spend).toBe(100);
    expect([c.previousFrom, c.previousTo]).toEqual(['2026-09-01', '2026-09-10']);
  });

  it('performanceTimeSeries by week: Monday buckets, split by campaign, the comparison aligned', async () => {
    const res =
      await asA(`{ performanceTimeSeries(from: "2026-10-01", to: "2026-10-30", grain: WEEK, splitByCampaign: true) {
      grain comparisonFrom comparisonTo currency
      current { key label points { day values { spend purchaseValue roas } } }
      comparison { key points { day values { spend } } } } }`);
    expect(res.errors).toBeUndefined();
    const s = res.data?.performanceTimeSeries;
    expect(s).toMatchObject({
      grain: 'WEEK',
      comparisonFrom: '2026-09-01',
      comparisonTo: '2026-09-30',
      currency: 'USD',
    });
    expect(s.current.map((x: { key: string; label: string }) => [x.key, x.label])).toEqual([
      ['total', 'Total'],
      [campaignIds.get('Prospecting'), 'Prospecting'],
      [campaignIds.get(DPA), DPA],
    ]);
    const total = s.current[0].points;
    expect(total.map((p: { day: string }) => p.day)).toEqual([
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
    ]);
    // 1–4 Oct: Prospecting 100 + 3 × 10, DPA 4 × 20.
    expect(total[0].values.spend).toBe(210);
    expect(total[0].values.roas).toBeCloseTo((100 + 3 * 30 + 4 * 38) / 210, 10);
    expect(s.current[1].points[0].values.spend).toBe(130);
    // 26–30 Oct: five days.
    expect(total[4].values.spend).toBe(150);
    // September: weeks from Monday 31 Aug, every bucket present.
    expect(s.comparison[0].points.map((p: { day: string }) => p.day)).toEqual([
      '2026-08-31',
      '2026-09-07',
      '2026-09-14',
      '2026-09-21',
      '2026-09-28',
    ]);
    expect(s.comparison[0].points[0].values.spend).toBe(6 * 30);
  });

  it('performanceTimeSeries by day has every day, zeros where nothing ran', async () => {
    const res = await asA(`{ performanceTimeSeries(from: "2026-10-29", to: "2026-11-01", grain: DAY) {
      current { key points { day values { spend roas } } } } }`);
    expect(res.data?.performanceTimeSeries.current).toEqual([
      {
        key: 'total',
        points: [
          { day: '2026-10-29', values: { spend: 30, roas: 68 / 30 } },
          { day: '2026-10-30', values: { spend: 30, roas: 68 / 30 } },
          { day: '2026-10-31', values: { spend: 0, roas: null } },
          { day: '2026-11-01', values: { spend: 0, roas: null } },
        ],
      },
    ]);
  });

  it('topAds: best first by the metric, with the campaign, ad set and thumbnail', async () => {
    const res = await asA(`{ topAds(from: "2026-10-01", to: "2026-10-30", metric: SPEND) {
      name campaignName adSetName thumbnailUrl creativeKind ours { feedId } values { spend roas } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data?.topAds).toEqual([
      {
        name: 'R1',
        campaignName: DPA,
        adSetName: 'Broad',
        thumbnailUrl: null,
        creativeKind: null,
        ours: null,
        values: { spend: 600, roas: 1.9 },
      },
      {
        name: 'P1',
        campaignName: 'Prospecting',
        adSetName: 'Broad',
        thumbnailUrl: 'https://cdn.example.com/p1.jpg',
        creativeKind: 'image',
        ours: null,
        values: { spend: 390, roas: 970 / 390 },
      },
    ]);
    const cpa = await asA(
      '{ topAds(from: "2026-10-01", to: "2026-10-30", metric: CPA, limit: 1) { name values { cpa } } }',
    );
    expect(cpa.data?.topAds).toEqual([{ name: 'P1', values: { cpa: 390 / 31 } }]);
    const bad = await asA('{ topAds(from: "2026-10-01", to: "2026-10-30", metric: CPA, limit: 0) { name } }');
    expect(bad.errors?.[0]?.message).toMatch(/limit must be a whole number from 1 to 100/);
  });
});
