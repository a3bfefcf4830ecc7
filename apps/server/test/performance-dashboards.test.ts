import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, describeEachDatabase, gql, twoClients, type TestApp } from './harness.js';
import { users } from '../src/db/schema.js';
import { accountWithCampaigns, daysFrom, type WorldAd } from './performance/world.js';
import { bucketStart, bucketsOf, comparisonPeriod } from '../src/modules/performance/dashboards/periods.js';
import { attributionLabel } from '../src/modules/performance/dashboards/context.js';
import { betaCdf, betaQuantile } from '../src/modules/performance/dashboards/beta.js';
import { ebEstimates } from '../src/modules/performance/dashboards/eb-ranking.js';
import { breakdownLabel } from '../src/modules/performance/dashboards/breakdown.js';
import { decompose, periodLabel, type Segment } from '../src/modules/performance/dashboards/alerts.js';
import { emptySums, type MetricSums } from '@adloom/commerce';

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

const sums = (m: Partial<MetricSums>): MetricSums => ({ ...emptySums(), ...m });

describe('empirical-Bayes ranking', () => {
  it('computes Beta quantiles', () => {
    expect(betaCdf(0.5, 3, 3)).toBeCloseTo(0.5, 10);
    expect(betaQuantile(0.25, 2, 1)).toBeCloseTo(0.5, 8); // CDF x²
    expect(betaQuantile(0.05, 1, 1)).toBeCloseTo(0.05, 8);
  });

  it('pulls a small ad’s CTR towards the pooled rate, and gives it a wider interval', () => {
    const items = [
      ...Array.from({ length: 10 }, (_, i) => ({
        id: `big${i}`,
        sums: sums({ impressions: 10_000, linkClicks: 90 + 2 * i, spend: 100 }),
      })),
      { id: 'small', sums: sums({ impressions: 20, linkClicks: 2, spend: 1 }) },
    ];
    const { prior, estimates } = ebEstimates(items, 'ctr');
    expect(prior).toBeCloseTo(992 / 100_020, 10);
    const small = estimates.find((e) => e.id === 'small')!;
    expect(small.observed).toBe(0.1);
    expect(small.estimate).toBeLessThan(0.02);
    expect(small.estimate).toBeGreaterThan(prior);
    const big = estimates.find((e) => e.id === 'big0')!;
    expect(small.high - small.low).toBeGreaterThan(big.high - big.low);
    for (const e of estimates) expect(e.low <= e.estimate && e.estimate <= e.high).toBe(true);
  });

  it('refuses a metric that is not a rate', () => {
    expect(() => ebEstimates([], 'frequency')).toThrow(/Ads are ranked by a rate/);
  });
});

describe('alert decomposition', () => {
  it('splits a ROAS change into one term per campaign that add up to the change', () => {
    const seg = (key: string, c: Partial<MetricSums>, p: Partial<MetricSums>): Segment => ({
      kind: 'campaign',
      key,
      label: key,
      current: sums(c),
      previous: sums(p),
    });
    const segments = [
      seg('A', { spend: 100, purchaseValue: 300 }, { spend: 100, purchaseValue: 300 }),
      seg('B', { spend: 300, purchaseValue: 300 }, { spend: 100, purchaseValue: 300 }),
    ];
    // ROAS 3 → 1.5; A kept ROAS 3 but its share of spend fell; B went from 3 to 1.
    const terms = decompose(segments, 'roas')!;
    expect(terms.reduce((s, x) => s + x.term, 0)).toBeCloseTo(1.5 - 3, 12);
    expect(terms.map((x) => x.term)).toEqual([300 / 400 - 300 / 200, 300 / 400 - 300 / 200]);
  });

  it('writes periods as a marketer reads them', () => {
    expect(periodLabel('2026-09-01', '2026-09-30', '2026')).toBe('1–30 Sep');
    expect(periodLabel('2026-08-28', '2026-09-03', '2026')).toBe('28 Aug – 3 Sep');
    expect(periodLabel('2025-12-28', '2026-01-03', '2026')).toBe('28 Dec 2025 – 3 Jan 2026');
  });
});

describe('breakdown labels', () => {
  it('writes stored values as a marketer reads them', () => {
    expect(breakdownLabel('age', '18-24')).toBe('18–24');
    expect(breakdownLabel('country', 'FR')).toBe('France');
    expect(breakdownLabel('placement', 'facebook · feed')).toBe('Facebook · Feed');
    expect(breakdownLabel('gender', 'female')).toBe('Female');
  });
});

/**
 * Client B, 1–10 Dec: twenty steady ads (500 each at ROAS 1.5 to 2.5), Best (2000 at ROAS 3.2), Lucky (60 on
 * one day, one purchase of 360: ROAS 6), Tiny (10 at ROAS 30, below the minimum spend), Dud (1000 at ROAS 0.5).
 */
const DEC = daysFrom('2026-12-01', '2026-12-10');
const RANKED: WorldAd[] = [
  ...Array.from({ length: 20 }, (_, k) => ({
    campaign: 'Evergreen',
    name: `Steady ${k}`,
    rows: DEC.map((day) => ({
      day,
      m: { spend: 50, purchases: 2, purchaseValue: 50 * (1.5 + k / 19), impressions: 5000, linkClicks: 50 },
    })),
  })),
  {
    campaign: 'Evergreen',
    name: 'Best',
    rows: DEC.map((day) => ({
      day,
      m: { spend: 200, purchases: 8, purchaseValue: 640, impressions: 20000, linkClicks: 200 },
    })),
  },
  {
    campaign: 'Tests',
    name: 'Lucky',
    rows: [
      {
        day: '2026-12-03',
        m: { spend: 60, purchases: 1, purchaseValue: 360, impressions: 600, linkClicks: 9 },
      },
    ],
  },
  {
    campaign: 'Tests',
    name: 'Tiny',
    rows: [
      {
        day: '2026-12-03',
        m: { spend: 10, purchases: 1, purchaseValue: 300, impressions: 100, linkClicks: 3 },
      },
    ],
  },
  {
    campaign: 'Tests',
    name: 'Dud',
    rows: DEC.map((day) => ({
      day,
      m: { spend: 100, purchases: 1, purchaseValue: 50, impressions: 10000, linkClicks: 60 },
    })),
  },
];

describeEachDatabase('performance dashboards on %s', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoClients>>;
  let campaignIds: Map<string, string>;
  const asA = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });
  const asB = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session: w.sessionAdminB, clientId: w.b.id, query, variables });

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
    await accountWithCampaigns(t.deps.db, w.b.id, { ads: RANKED, externalId: 'act_b' });
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

  it('a campaign or account filter of ids that are not ids matches nothing, not everything', async () => {
    const res = await asA(
      `{ c: performanceComparison(from: "2026-10-01", to: "2026-10-30", filter: { campaignIds: ["not-an-id"] }) { current { spend } }
         a: performanceComparison(from: "2026-10-01", to: "2026-10-30", filter: { accountIds: ["act_1"] }) { current { spend } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ c: { current: { spend: 0 } }, a: { current: { spend: 0 } } });
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

  it('performanceBreakdown: sums per age group from the breakdown rows, labelled, largest spend first', async () => {
    const res = await asA(`{ performanceBreakdown(from: "2026-10-01", to: "2026-10-30", breakdown: AGE) {
      value label values { spend purchaseValue impressions roas } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data?.performanceBreakdown).toEqual([
      {
        value: '18-24',
        label: '18–24',
        values: { spend: 300, purchaseValue: 270, impressions: 36000, roas: 0.9 },
      },
      {
        value: '25-34',
        label: '25–34',
        values: { spend: 300, purchaseValue: 870, impressions: 24000, roas: 2.9 },
      },
    ]);
    const none = await asA(
      '{ performanceBreakdown(from: "2026-10-01", to: "2026-10-30", breakdown: COUNTRY) { value } }',
    );
    expect(none.data?.performanceBreakdown).toEqual([]);
  });

  const RANKING = `query($metric: PerformanceMetric!, $limit: Int) {
    adRanking(from: "2026-12-01", to: "2026-12-10", metric: $metric, limit: $limit) {
      metric minSpend method prior eligibleAds excludedBelowMinSpend
      winners { rank observed estimate low high ad { name campaignName values { spend } } }
      losers { rank observed estimate low high ad { name } } } }`;

  it('adRanking by ROAS: a lucky ad with little spend does not top the winners after shrinkage', async () => {
    const res = await asB(RANKING, { metric: 'ROAS', limit: 3 });
    expect(res.errors).toBeUndefined();
    const r = res.data?.adRanking;
    expect(r).toMatchObject({ metric: 'ROAS', minSpend: 50, eligibleAds: 23, excludedBelowMinSpend: 1 });
    expect(r.prior).toBeCloseTo(27260 / 13060, 10);
    expect(r.method).toMatch(/James–Stein/);
    expect(r.method).toMatch(/at least 50 USD/);
    expect(r.winners.map((x: { ad: { name: string } }) => x.ad.name)[0]).toBe('Best');
    expect(r.winners.map((x: { rank: number }) => x.rank)).toEqual([1, 2, 3]);
    // Lucky's raw ROAS (6) is the highest of all, but after shrinkage it comes second, behind Best's 3.2 on 2000.
    const [best, lucky] = r.winners;
    expect(best.observed).toBeCloseTo(3.2, 10);
    expect(lucky.ad.name).toBe('Lucky');
    expect(lucky.observed).toBe(6);
    expect(lucky.estimate).toBeLessThan(best.estimate);
    expect(lucky.high - lucky.low).toBeGreaterThan(best.high - best.low);
    for (const x of [...r.winners, ...r.losers])
      expect(x.low <= x.estimate && x.estimate <= x.high).toBe(true);
    expect(r.losers[0]).toMatchObject({ rank: 1, observed: 0.5, ad: { name: 'Dud' } });
    expect(r.losers[0].estimate).toBeLessThan(1);
  });

  it('adRanking by CPA: the lowest estimated cost first; Dud is the worst', async () => {
    const res = await asB(RANKING, { metric: 'CPA', limit: 2 });
    expect(res.errors).toBeUndefined();
    const r = res.data?.adRanking;
    expect(r.prior).toBeCloseTo(13060 / 491, 10);
    expect(r.losers[0].ad.name).toBe('Dud');
    expect(r.losers[0].observed).toBe(100);
    expect(r.winners[0].estimate).toBeLessThan(r.prior);
    for (const x of [...r.winners, ...r.losers])
      expect(x.low <= x.estimate && x.estimate <= x.high).toBe(true);
  });

  it('adRanking refuses a volume metric, with the reason', async () => {
    const res = await asB(RANKING, { metric: 'SPEND' });
    expect(res.errors?.[0]?.message).toMatch(/Ads are ranked by a rate.*Spend is not one/);
  });

  it('setPerformanceMinSpend: zero or more; the ranking and the context follow it', async () => {
    const bad = await asB(
      'mutation { setPerformanceMinSpend(minSpend: -1) { minSpend error { code message } } }',
    );
    expect(bad.data?.setPerformanceMinSpend).toEqual({
      minSpend: null,
      error: {
        code: 'INVALID_INPUT',
        message: 'The minimum spend must be an amount of zero or more (got -1).',
      },
    });
    const ok = await asB('mutation { setPerformanceMinSpend(minSpend: 5) { minSpend error { code } } }');
    expect(ok.data?.setPerformanceMinSpend).toEqual({ minSpend: 5, error: null });
    const r = (await asB(RANKING, { metric: 'ROAS' })).data?.adRanking;
    expect(r).toMatchObject({ minSpend: 5, eligibleAds: 24, excludedBelowMinSpend: 0 });
    // Tiny is ranked now, its ROAS of 30 on 10 of spend pulled most of the way to the mean.
    const tiny = r.winners.find((x: { ad: { name: string } }) => x.ad.name === 'Tiny');
    expect(tiny.observed).toBe(30);
    expect(tiny.estimate).toBeLessThan(10);
    const ctx = await asB('{ performanceContext { minSpend } }');
    expect(ctx.data?.performanceContext.minSpend).toBe(5);
    // Another client's setting is its own.
    const a = await asA('{ performanceContext { minSpend } }');
    expect(a.data?.performanceContext.minSpend).toBe(50);
  });

  const REPORT = `query($input: ReportInput!) { performanceReport(input: $input) {
    total currency rows { keys labels values { spend roas } } totals { spend purchaseValue roas } } }`;
  const OCT_RANGE = { from: '2026-10-01', to: '2026-10-30' };

  it('performanceReport by campaign: sorted by ROAS on the server, totals of every row', async () => {
    const res = await asA(REPORT, {
      input: { ...OCT_RANGE, dimensions: ['CAMPAIGN'], metrics: ['SPEND', 'ROAS'], sortBy: 'ROAS' },
    });
    expect(res.errors).toBeUndefined();
    const r = res.data?.performanceReport;
    expect(r.total).toBe(2);
    expect(r.currency).toBe('USD');
    expect(r.rows).toEqual([
      {
        keys: [campaignIds.get('Prospecting')],
        labels: ['Prospecting'],
        values: { spend: 390, roas: 970 / 390 },
      },
      { keys: [campaignIds.get(DPA)], labels: [DPA], values: { spend: 600, roas: 1.9 } },
    ]);
    expect(r.totals).toEqual({ spend: 990, purchaseValue: 2110, roas: 2110 / 990 });
  });

  it('performanceReport by campaign and day: paged, ties in label order, the total counts every row', async () => {
    const page = (offset: number) =>
      asA(REPORT, {
        input: { ...OCT_RANGE, dimensions: ['CAMPAIGN', 'DAY'], metrics: ['SPEND'], offset, limit: 2 },
      });
    const first = (await page(0)).data?.performanceReport;
    expect(first.total).toBe(60);
    expect(first.rows.map((x: { labels: string[] }) => x.labels)).toEqual([
      ['Prospecting', '2026-10-01'],
      [DPA, '2026-10-01'],
    ]);
    expect(first.rows[0].values.spend).toBe(100);
    const last = (await page(58)).data?.performanceReport;
    expect(last.rows.map((x: { labels: string[] }) => x.labels)).toEqual([
      ['Prospecting', '2026-10-29'],
      ['Prospecting', '2026-10-30'],
    ]);
    expect(last.totals.spend).toBe(990);
  });

  it('performanceReport by a breakdown reads the breakdown rows; two breakdowns are refused', async () => {
    const res = await asA(REPORT, {
      input: {
        ...OCT_RANGE,
        dimensions: ['AGE', 'CAMPAIGN'],
        metrics: ['SPEND'],
        sortBy: 'ROAS',
        sortDesc: false,
      },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.performanceReport.rows).toEqual([
      { keys: ['18-24', campaignIds.get(DPA)], labels: ['18–24', DPA], values: { spend: 300, roas: 0.9 } },
      { keys: ['25-34', campaignIds.get(DPA)], labels: ['25–34', DPA], values: { spend: 300, roas: 2.9 } },
    ]);
    const bad = await asA(REPORT, {
      input: { ...OCT_RANGE, dimensions: ['AGE', 'COUNTRY'], metrics: ['SPEND'] },
    });
    expect(bad.errors?.[0]?.message).toBe(
      'Breakdowns are stored one at a time, so a report crosses at most one (got AGE and COUNTRY).',
    );
    const none = await asA(REPORT, { input: { ...OCT_RANGE, dimensions: [], metrics: ['SPEND'] } });
    expect(none.errors?.[0]?.message).toBe('A report has one or two row dimensions (got 0).');
  });

  it('saved views: unique names per client, clear errors, deleted by id', async () => {
    const save = (name: string, definition: string) =>
      asA(
        `mutation($name: String!, $definition: String!) { savePerformanceReportView(name: $name, definition: $definition) {
          view { id name definition } error { code message } } }`,
        { name, definition },
      );
    const definition = JSON.stringify({
      dimensions: ['CAMPAIGN', 'DAY'],
      metrics: ['SPEND', 'ROAS'],
      sortBy: 'ROAS',
      sortDesc: true,
    });
    const ok = (await save('  Weekly review ', definition)).data?.savePerformanceReportView;
    expect(ok.error).toBeNull();
    expect(ok.view.name).toBe('Weekly review');
    expect(JSON.parse(ok.view.definition)).toEqual(JSON.parse(definition));
    expect((await save('Weekly review', definition)).data?.savePerformanceReportView.error).toEqual({
      code: 'NAME_TAKEN',
      message: 'A view named “Weekly review” already exists: choose another name.',
    });
    expect((await save('  ', definition)).data?.savePerformanceReportView.error).toEqual({
      code: 'INVALID_INPUT',
      message: 'Name the view.',
    });
    const notJson = (await save('Broken', '{dimensions')).data?.savePerformanceReportView.error;
    expect(notJson.message).toMatch(/^The view's definition is not valid JSON/);
    const badDim = (await save('Broken', JSON.stringify({ dimensions: ['WEEK'], metrics: ['SPEND'] }))).data
      ?.savePerformanceReportView.error;
    expect(badDim.message).toMatch(/The view's "dimensions" holds "WEEK", which is not one of CAMPAIGN/);
    // Client B may use the same name.
    const b = await asB(
      `mutation($d: String!) { savePerformanceReportView(name: "Weekly review", definition: $d) { view { name } error { code } } }`,
      { d: definition },
    );
    expect(b.data?.savePerformanceReportView).toEqual({ view: { name: 'Weekly review' }, error: null });
    const list = await asA('{ performanceReportViews { id name } }');
    expect(list.data?.performanceReportViews).toEqual([{ id: ok.view.id, name: 'Weekly review' }]);
    const del = (id: string) =>
      asA('mutation($id: ID!) { deletePerformanceReportView(id: $id) { deletedId error { code } } }', { id });
    expect((await del(ok.view.id)).data?.deletePerformanceReportView).toEqual({
      deletedId: ok.view.id,
      error: null,
    });
    expect((await del(ok.view.id)).data?.deletePerformanceReportView).toEqual({
      deletedId: null,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('report.csv: the whole report with a header of labels, money with its currency, the same numbers', async () => {
    const url = `/api/clients/${w.a.id}/performance/report.csv?from=2026-10-01&to=2026-10-30&dimensions=CAMPAIGN&metrics=SPEND,ROAS,CTR&sortBy=ROAS`;
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: w.sessionAdminA.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="performance-2026-10-01-to-2026-10-30.csv"',
    );
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual([
      'Campaign,Spend,ROAS,CTR',
      `Prospecting,390.00 USD,2.49,${((680 / 39000) * 100).toFixed(2)}%`,
      `${DPA},600.00 USD,1.90,2.00%`,
      `Total,990.00 USD,2.13,${((1880 / 99000) * 100).toFixed(2)}%`,
    ]);
    const bad = await t.app.inject({
      method: 'GET',
      url: url.replace('CAMPAIGN', 'WEEK'),
      headers: { cookie: w.sessionAdminA.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/dimensions: WEEK is not one of/);
  });

  it('report.csv: another client’s member gets 403, a signed-out request 401', async () => {
    const url = `/api/clients/${w.a.id}/performance/report.csv?from=2026-10-01&to=2026-10-30&dimensions=CAMPAIGN&metrics=SPEND`;
    const other = await t.app.inject({ method: 'GET', url, headers: { cookie: w.sessionAdminB.cookie } });
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('Prospecting');
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
  });

  it('performanceAlerts: ROAS fell 44 %, caused by Retargeting – DPA and the 18–24 age group', async () => {
    const res = await asA(`{ performanceAlerts(from: "2026-10-01", to: "2026-10-30") {
      metric current previous change severity message drivers { kind label current previous contribution } } }`);
    expect(res.errors).toBeUndefined();
    const alerts = res.data?.performanceAlerts;
    expect(alerts.map((a: { metric: string; severity: string }) => [a.metric, a.severity])).toEqual([
      ['ROAS', 'critical'],
      ['CPA', 'critical'],
      ['PURCHASES', 'warning'],
    ]);
    const roas = alerts[0];
    expect(roas.previous).toBe(3.8);
    expect(roas.current).toBeCloseTo(2110 / 990, 10);
    expect(roas.change).toBeCloseTo(2110 / 990 / 3.8 - 1, 10);
    expect(roas.message).toBe(
      'ROAS fell 44 % (3.80 → 2.13) against 1–30 Sep; most of it came from campaign Retargeting – DPA (ROAS 4.20 → 1.90) and the 18–24 age group.',
    );
    expect(roas.drivers.map((d: { kind: string; label: string }) => [d.kind, d.label])).toEqual([
      ['campaign', DPA],
      ['age', '18–24'],
    ]);
    const dpaShare = (1140 / 990 - 2520 / 900) / (2110 / 990 - 3.8);
    expect(roas.drivers[0].contribution).toBeCloseTo(dpaShare, 10);
    expect(roas.drivers[0]).toMatchObject({ previous: 4.2, current: 1.9 });
    expect(roas.drivers[1].contribution).toBeCloseTo(1.65 / 2.3, 10);
    expect(alerts[1].message).toMatch(/^CPA rose 62 % \(10\.00 USD → 16\.23 USD\) against 1–30 Sep/);
  });

  it('performanceAlerts: nothing when nothing moved 20 %', async () => {
    const res = await asA(
      `{ performanceAlerts(from: "2026-10-02", to: "2026-10-30", comparison: { from: "2026-10-02", to: "2026-10-30" }) { metric } }`,
    );
    expect(res.data?.performanceAlerts).toEqual([]);
  });
});
