import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, describeEachDatabase, gql, twoClients, type TestApp } from './harness.js';
import { adInsightsDaily, users } from '../src/db/schema.js';
import { accountWithAds } from './performance/world.js';

const SUMMARY = `query($from: Date!, $to: Date!, $currency: String) {
  adPerformanceSummary(from: $from, to: $to, filter: { currency: $currency }) {
    spend impressions linkClicks purchases purchaseValue roas ctr cpa currency days
  } }`;

describeEachDatabase('performance facts and the summary on %s', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoClients>>;
  const summary = (variables: Record<string, unknown>) =>
    gql(t, { session: w.sessionAdminA, clientId: w.a.id, query: SUMMARY, variables });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { jobs: 'in-process' });
    w = await twoClients(t);
  });
  afterAll(() => t.close());

  it('sums the days of the range, both ends included, and computes ratios from the sums', async () => {
    await accountWithAds(t.deps.db, w.a.id, {
      ads: ['ad 1', 'ad 2'],
      days: ['2026-03-01', '2026-03-02', '2026-03-03'],
      perAdDay: { spend: 10, impressions: 1000, linkClicks: 20, purchases: 2, purchaseValue: 45 },
    });
    const res = await summary({ from: '2026-03-02', to: '2026-03-03' });
    expect(res.errors).toBeUndefined();
    expect(res.data?.adPerformanceSummary).toEqual({
      spend: 40,
      impressions: 4000,
      linkClicks: 80,
      purchases: 8,
      purchaseValue: 180,
      roas: 4.5,
      ctr: 0.02,
      cpa: 5,
      currency: 'USD',
      days: 2,
    });
  });

  it('writes a day twice as one row (idempotent upserts), the later values replacing the earlier', async () => {
    const again = await accountWithAds(t.deps.db, w.a.id, {
      ads: ['ad 1'],
      days: ['2026-03-03'],
      perAdDay: { spend: 30, impressions: 1000, linkClicks: 20, purchases: 2, purchaseValue: 45 },
    });
    const rows = await t.deps.db
      .select()
      .from(adInsightsDaily)
      .where(eq(adInsightsDaily.adId, again.adIds.get('ad 1')!));
    expect(rows.map((r) => [r.day, r.spend])).toEqual(
      expect.arrayContaining([
        ['2026-03-01', 10],
        ['2026-03-02', 10],
        ['2026-03-03', 30],
      ]),
    );
    expect(rows).toHaveLength(3);
    const res = await summary({ from: '2026-03-03', to: '2026-03-03' });
    expect(res.data?.adPerformanceSummary.spend).toBe(40);
  });

  it('never sums two currencies: the one with the most spend, or the one asked for', async () => {
    await accountWithAds(t.deps.db, w.a.id, {
      externalId: 'act_eur',
      currency: 'EUR',
      ads: ['eur ad'],
      days: ['2026-03-02'],
      perAdDay: { spend: 5, impressions: 100 },
    });
    const usd = await summary({ from: '2026-03-01', to: '2026-03-31' });
    expect(usd.data?.adPerformanceSummary).toMatchObject({ currency: 'USD', spend: 80 });
    const eur = await summary({ from: '2026-03-01', to: '2026-03-31', currency: 'EUR' });
    expect(eur.data?.adPerformanceSummary).toMatchObject({ currency: 'EUR', spend: 5, roas: 0 });
  });

  it('shows the demo data set only in demo mode, and real data only outside it', async () => {
    await accountWithAds(t.deps.db, w.a.id, {
      source: 'demo',
      externalId: 'demo',
      ads: ['demo ad'],
      days: ['2026-03-02'],
      perAdDay: { spend: 999, impressions: 100 },
    });
    const real = await summary({ from: '2026-03-01', to: '2026-03-31' });
    expect(real.data?.adPerformanceSummary.spend).toBe(80);
    await t.deps.db.update(users).set({ demoMode: true }).where(eq(users.id, w.adminA.id));
    const demo = await summary({ from: '2026-03-01', to: '2026-03-31' });
    expect(demo.data?.adPerformanceSummary.spend).toBe(999);
    await t.deps.db.update(users).set({ demoMode: false }).where(eq(users.id, w.adminA.id));
  });

  it('answers zeros with no data, and refuses a range that ends before it starts or a day that is not one', async () => {
    const empty = await summary({ from: '2020-01-01', to: '2020-01-31' });
    expect(empty.data?.adPerformanceSummary).toMatchObject({ spend: 0, roas: null, cpa: null, days: 0 });
    const backwards = await summary({ from: '2026-03-31', to: '2026-03-01' });
    expect(backwards.errors?.[0]?.message).toBe('The range starts (2026-03-31) after it ends (2026-03-01).');
    const notADay = await summary({ from: '2026-02-30', to: '2026-03-01' });
    expect(notADay.errors?.[0]?.message).toContain('Date must be a day written YYYY-MM-DD');
  });
});
