import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { CREATIVE_FEATURES_VERSION, addSums, metricValue, emptySums } from '@adloom/commerce';
import { createTestApp, describeEachDatabase, gql, twoClients, type TestApp } from './harness.js';
import {
  adInsightsDaily,
  ads,
  creativeFeatureRollups,
  creativeFeatures,
  templateTags,
} from '../src/db/schema.js';
import {
  featureSeries,
  type FeaturePointShape as FeaturePoint,
} from '../src/modules/performance/creative-features/analysis/series.js';
import {
  featureRollupIsCurrent,
  refreshFeatureRollup,
} from '../src/modules/performance/creative-features/rollup.js';
import { FEATURE_ROLLUP_JOB } from '../src/modules/performance/creative-features/rollup.jobs.js';
import { refreshCampaignRollup, upsertDailyInsights } from '../src/modules/performance/facts.js';
import { accountScope } from '../src/modules/performance/scope.js';
import type { Db } from '../src/db/client.js';
import { accountWithCampaigns, daysFrom, type WorldAd } from './performance/world.js';

/** mulberry32, with normal and Poisson draws: the planted data set is the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  const poisson = (lambda: number) => {
    if (lambda > 50) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * normal()));
    const limit = Math.exp(-lambda);
    let k = 0;
    for (let p = uniform(); p > limit; p *= uniform()) k += 1;
    return k;
  };
  return { uniform, normal, poisson };
}

const JUNE = daysFrom('2026-06-01', '2026-06-10');

/**
 * Client A: 40 ads in 3 campaigns over ten days, each campaign with its own CTR, each ad with a creative
 * spread of 15 % around it and clicks drawn from it. text_discount (every other ad) multiplies CTR by 1.3;
 * dominant_color_red (another half, independently) does nothing; every ad is square.
 */
function plantedAds(): { ads: WorldAd[]; features: Map<string, string[]> } {
  const rand = seeded(19);
  const ctrOf = { Prospecting: 0.01, Retargeting: 0.015, Sale: 0.02 };
  const campaigns = Object.keys(ctrOf) as (keyof typeof ctrOf)[];
  const features = new Map<string, string[]>();
  const list = Array.from({ length: 40 }, (_, i): WorldAd => {
    const campaign = campaigns[i % 3]!;
    const discount = i % 2 === 0;
    const red = Math.floor(i / 2) % 2 === 0;
    const name = `Ad ${i}`;
    features.set(name, [
      'aspect_square',
      ...(discount ? ['text_discount'] : []),
      ...(red ? ['dominant_color_red'] : []),
    ]);
    const dailySpend = Math.exp(Math.log(15) + 0.6 * rand.normal());
    const ctr = ctrOf[campaign] * Math.exp(0.15 * rand.normal()) * (discount ? 1.3 : 1);
    return {
      campaign,
      name,
      rows: JUNE.map((day) => {
        const spend = Math.round(dailySpend * (0.8 + 0.4 * rand.uniform()) * 100) / 100;
        const impressions = Math.round(spend * 100);
        return { day, m: { spend, impressions, linkClicks: rand.poisson(impressions * ctr) } };
      }),
    };
  });
  return { ads: list, features };
}

/**
 * Client B, 1–2 June (the range runs to the 3rd, a day without data), one campaign, every ad 10,000
 * impressions, so the empirical-Bayes order is the CTR order:
 * T1–T8 have features, T6 spent under the minimum spend (50), T9 has none known, T10 spent nothing.
 */
const TINY: {
  name: string;
  spend: number;
  impressions: number;
  clicks: number;
  features: string[] | null;
}[] = [
  { name: 'T1', spend: 100, impressions: 10000, clicks: 300, features: ['text_price', 'bright'] },
  { name: 'T2', spend: 200, impressions: 10000, clicks: 250, features: ['text_price'] },
  { name: 'T3', spend: 100, impressions: 10000, clicks: 200, features: ['bright'] },
  { name: 'T4', spend: 60, impressions: 10000, clicks: 100, features: ['text_price'] },
  { name: 'T5', spend: 80, impressions: 10000, clicks: 150, features: [] },
  { name: 'T6', spend: 20, impressions: 1000, clicks: 100, features: ['text_price'] },
  { name: 'T7', spend: 50, impressions: 10000, clicks: 120, features: ['bright'] },
  { name: 'T8', spend: 90, impressions: 10000, clicks: 180, features: [] },
  { name: 'T9', spend: 500, impressions: 10000, clicks: 900, features: null },
  { name: 'T10', spend: 0, impressions: 0, clicks: 0, features: ['text_price'] },
];

/** The first day carries 40 % of each ad's figures (T5 spends all on the 2nd), the second the rest. */
function tinyRows(ad: (typeof TINY)[number]) {
  const first = ad.name === 'T5' ? 0 : 0.4;
  const part = (share: number) => ({
    spend: ad.spend * share,
    impressions: ad.impressions * share,
    linkClicks: ad.clicks * share,
  });
  return [
    { day: '2026-06-01', m: part(first) },
    { day: '2026-06-02', m: part(1 - first) },
  ];
}

/** A creative_features row per ad named (features given), and the ad pointing at it. */
async function giveFeatures(
  db: Db,
  clientId: string,
  adIds: Map<string, string>,
  features: Map<string, string[]>,
) {
  for (const [name, list] of features) {
    const [row] = await db
      .insert(creativeFeatures)
      .values({
        clientId,
        imageKey: `url:https://cdn.example.com/${encodeURIComponent(name)}.jpg`,
        source: 'image',
        features: list,
        keysVersion: CREATIVE_FEATURES_VERSION,
      })
      .returning();
    await db
      .update(ads)
      .set({ creativeFeaturesId: row!.id })
      .where(eq(ads.id, adIds.get(name)!));
  }
}

interface Effect {
  feature: {
    id: string;
    label: string;
    group: string;
    source: string;
    templateTag: { id: string; group: string; key: string } | null;
  };
  adsWith: number;
  adsWithout: number;
  spendWith: number;
  spendShare: number;
  valueWith: number | null;
  valueWithout: number | null;
  lift: number | null;
  liftLow: number | null;
  liftHigh: number | null;
  significant: boolean;
  hitRate: number | null;
  winnersWith: number;
}

const EFFECT = `feature { id label group source templateTag { id group key } } adsWith adsWithout spendWith spendShare
  valueWith valueWithout lift liftLow liftHigh significant hitRate winnersWith`;

describeEachDatabase('creative features on %s', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoClients>>;
  let planted: ReturnType<typeof plantedAds>;
  let priceTagId: string;
  let bAccount: { id: string; adIds: Map<string, string> };
  const asA = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });
  const asB = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session: w.sessionAdminB, clientId: w.b.id, query, variables });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { jobs: 'in-process' });
    w = await twoClients(t);
    planted = plantedAds();
    const a = await accountWithCampaigns(t.deps.db, w.a.id, { ads: planted.ads, name: 'Shop' });
    await giveFeatures(t.deps.db, w.a.id, a.adIds, planted.features);

    const b = await accountWithCampaigns(t.deps.db, w.b.id, {
      externalId: 'act_b',
      ads: TINY.map((ad) => ({
        campaign: 'Tiny',
        name: ad.name,
        rows: ad.spend > 0 ? tinyRows(ad) : [],
        creative:
          ad.name === 'T1'
            ? {
                creativeUrl: 'https://cdn.example.com/t1-full.jpg',
                thumbnailUrl: 'https://cdn.example.com/t1.jpg',
              }
            : { thumbnailUrl: `https://cdn.example.com/${ad.name.toLowerCase()}.jpg` },
      })),
    });
    bAccount = { id: b.account.id, adIds: b.adIds };
    await giveFeatures(
      t.deps.db,
      w.b.id,
      b.adIds,
      new Map(TINY.flatMap((ad) => (ad.features ? [[ad.name, ad.features] as const] : []))),
    );
    // The library's tag of text_price ("use in a template"); bright has none.
    await t.deps.db
      .insert(templateTags)
      .values({ clientId: null, group: 'FEATURES', key: 'text_price' })
      .onConflictDoNothing();
    const [tag] = await t.deps.db
      .select()
      .from(templateTags)
      .where(
        and(
          isNull(templateTags.clientId),
          eq(templateTags.group, 'FEATURES'),
          eq(templateTags.key, 'text_price'),
        ),
      );
    priceTagId = tag!.id;
  });
  afterAll(() => t.close());

  it('finds the planted +30 % CTR of a feature, with an interval that excludes 0, and not the feature without effect', async () => {
    const res = await asA(`{ creativeFeatures(from: "2026-06-01", to: "2026-06-10", metric: CTR) {
      metric method winnerDefinition adsAnalysed adsWithoutFeatures spendAnalysed currency
      extraction { done pending failed } features { ${EFFECT} } } }`);
    expect(res.errors).toBeUndefined();
    const report = res.data?.creativeFeatures;
    expect(report).toMatchObject({ metric: 'CTR', adsAnalysed: 40, adsWithoutFeatures: 0, currency: 'USD' });
    expect(report.extraction).toEqual({ done: 40, pending: 0, failed: 0 });
    expect(report.method).toMatch(/fixed effect per campaign/);
    expect(report.method).toMatch(/spend/);
    expect(report.winnerDefinition).toMatch(/best 25 %/);
    const spend = planted.ads.reduce((s, ad) => s + ad.rows.reduce((x, r) => x + r.m.spend!, 0), 0);
    expect(report.spendAnalysed).toBeCloseTo(spend, 6);

    const features = report.features as Effect[];
    expect(features.map((f) => f.feature.id).sort()).toEqual([
      'aspect_square',
      'dominant_color_red',
      'text_discount',
    ]);
    const discount = features.find((f) => f.feature.id === 'text_discount')!;
    expect(discount).toMatchObject({ adsWith: 20, adsWithout: 20, significant: true });
    expect(discount.liftLow).toBeGreaterThan(0);
    expect(discount.lift).toBeGreaterThan(0.15);
    expect(discount.lift).toBeLessThan(0.45);
    expect(discount.liftLow! < 0.3 && 0.3 < discount.liftHigh!).toBe(true);
    expect(discount.valueWith!).toBeGreaterThan(discount.valueWithout!);

    const red = features.find((f) => f.feature.id === 'dominant_color_red')!;
    expect(red.significant).toBe(false);
    expect(red.lift).not.toBeNull();
    expect(red.liftLow! < 0 && 0 < red.liftHigh!).toBe(true);

    // Every ad is square: nothing to compare with.
    const square = features.find((f) => f.feature.id === 'aspect_square')!;
    expect(square).toMatchObject({
      adsWith: 40,
      adsWithout: 0,
      spendShare: 1,
      lift: null,
      significant: false,
    });
    expect(square.valueWithout).toBeNull();

    // Significant first.
    expect(features[0]!.feature.id).toBe('text_discount');
  });

  it('measures spend share, with and without values and hit rate as defined (hand-computed on a tiny set)', async () => {
    const res = await asB(`{ creativeFeatures(from: "2026-06-01", to: "2026-06-03", metric: CTR) {
      adsAnalysed adsWithoutFeatures spendAnalysed extraction { done pending failed } features { ${EFFECT} } } }`);
    expect(res.errors).toBeUndefined();
    const report = res.data?.creativeFeatures;
    // T1–T8 analysed; T9 spent without known features; T10 spent nothing.
    expect(report).toMatchObject({ adsAnalysed: 8, adsWithoutFeatures: 1, spendAnalysed: 700 });
    expect(report.extraction).toEqual({ done: 9, pending: 1, failed: 0 });
    const byId = new Map((report.features as Effect[]).map((f) => [f.feature.id, f]));
    expect([...byId.keys()].sort()).toEqual(['bright', 'text_price']);

    const price = byId.get('text_price')!;
    // With: T1, T2, T4, T6; without: T3, T5, T7, T8.
    expect(price).toMatchObject({ adsWith: 4, adsWithout: 4, spendWith: 380, winnersWith: 2 });
    expect(price.spendShare).toBeCloseTo(380 / 700, 12);
    expect(price.valueWith).toBeCloseTo((100 * 0.03 + 200 * 0.025 + 60 * 0.01 + 20 * 0.1) / 380, 12);
    expect(price.valueWithout).toBeCloseTo((100 * 0.02 + 80 * 0.015 + 50 * 0.012 + 90 * 0.018) / 320, 12);
    // Seven ads spent at least 50 (not T6): the best quarter, rounded up, is T1 and T2 (the highest CTRs).
    expect(price.hitRate).toBeCloseTo(2 / 3, 12);
    expect(price.feature).toMatchObject({ label: 'Price', group: 'Text', source: 'template' });
    expect(price.feature.templateTag).toEqual({ id: priceTagId, group: 'FEATURES', key: 'text_price' });

    const bright = byId.get('bright')!;
    expect(bright).toMatchObject({ adsWith: 3, adsWithout: 5, spendWith: 250, winnersWith: 1 });
    expect(bright.hitRate).toBeCloseTo(1 / 3, 12);
    expect(bright.feature.templateTag).toBeNull();
  });

  it('creativeFeature: the gallery best first (under the minimum spend last) and one point per day matching the facts', async () => {
    const res =
      await asB(`{ creativeFeature(id: "text_price", from: "2026-06-01", to: "2026-06-03", metric: CTR) {
      effect { adsWith spendWith } method currency
      ads { ad { name values { spend linkClicks impressions } } spend value winner imageUrl }
      series { day valueWith valueWithout spendWith spendWithout } } }`);
    expect(res.errors).toBeUndefined();
    const detail = res.data?.creativeFeature;
    expect(detail.effect).toEqual({ adsWith: 4, spendWith: 380 });
    expect(detail.currency).toBe('USD');
    expect(detail.ads).toEqual([
      {
        ad: { name: 'T1', values: { spend: 100, linkClicks: 300, impressions: 10000 } },
        spend: 100,
        value: 0.03,
        winner: true,
        imageUrl: 'https://cdn.example.com/t1-full.jpg',
      },
      expect.objectContaining({ ad: expect.objectContaining({ name: 'T2' }), value: 0.025, winner: true }),
      expect.objectContaining({
        ad: expect.objectContaining({ name: 'T4' }),
        winner: false,
        imageUrl: 'https://cdn.example.com/t4.jpg',
      }),
      expect.objectContaining({
        ad: expect.objectContaining({ name: 'T6' }),
        spend: 20,
        value: 0.1,
        winner: false,
      }),
    ]);

    // The series, computed here from the facts: per day and side, spend and the pooled CTR (the side's
    // link clicks over its impressions that day).
    const expected = ['2026-06-01', '2026-06-02', '2026-06-03'].map((day) => {
      const side = (has: boolean) => {
        const rows = TINY.filter((ad) => ad.features && ad.features.includes('text_price') === has).flatMap(
          (ad) => tinyRows(ad).filter((r) => r.day === day),
        );
        const sums = rows.reduce((s, r) => addSums(s, r.m), emptySums());
        return { spend: sums.spend, value: metricValue(sums, 'ctr') };
      };
      const [w, wo] = [side(true), side(false)];
      return { day, valueWith: w.value, valueWithout: wo.value, spendWith: w.spend, spendWithout: wo.spend };
    });
    expect(detail.series).toHaveLength(3);
    detail.series.forEach((p: (typeof expected)[number], i: number) => {
      const e = expected[i]!;
      expect(p.day).toBe(e.day);
      expect(p.spendWith).toBeCloseTo(e.spendWith, 9);
      expect(p.spendWithout).toBeCloseTo(e.spendWithout, 9);
      for (const k of ['valueWith', 'valueWithout'] as const)
        if (e[k] == null) expect(p[k]).toBeNull();
        else expect(p[k]).toBeCloseTo(e[k], 12);
    });
    expect(detail.series[2]).toEqual({
      day: '2026-06-03',
      valueWith: null,
      valueWithout: null,
      spendWith: 0,
      spendWithout: 0,
    });
    const sum = (k: 'spendWith' | 'spendWithout') => detail.series.reduce((s: number, p: any) => s + p[k], 0);
    expect(sum('spendWith')).toBeCloseTo(380, 9);
    expect(sum('spendWithout')).toBeCloseTo(320, 9);
  });

  it('creativeFeature: a limit, a known feature no ad has, and null for an id that is not a feature', async () => {
    const limited =
      await asB(`{ creativeFeature(id: "text_price", from: "2026-06-01", to: "2026-06-03", metric: CTR, limit: 2) {
      ads { ad { name } } } }`);
    expect(limited.data?.creativeFeature.ads.map((a: any) => a.ad.name)).toEqual(['T1', 'T2']);

    const none =
      await asB(`{ creativeFeature(id: "style_minimal", from: "2026-06-01", to: "2026-06-03", metric: ROAS) {
      effect { feature { id group } adsWith adsWithout lift hitRate } ads { spend } series { day } } }`);
    expect(none.errors).toBeUndefined();
    expect(none.data?.creativeFeature).toMatchObject({
      effect: {
        feature: { id: 'style_minimal', group: 'Style' },
        adsWith: 0,
        adsWithout: 8,
        lift: null,
        hitRate: null,
      },
      ads: [],
    });
    expect(none.data?.creativeFeature.series).toHaveLength(3);

    for (const id of ['not_a_feature', 'TEXT_PRICE', '']) {
      const res = await asB(
        `query($id: ID!) { creativeFeature(id: $id, from: "2026-06-01", to: "2026-06-03", metric: CTR) { method } }`,
        { id },
      );
      expect(res.errors).toBeUndefined();
      expect(res.data?.creativeFeature).toBeNull();
    }

    const tooMany = await asB(
      `{ creativeFeature(id: "text_price", from: "2026-06-01", to: "2026-06-03", metric: CTR, limit: 101) { method } }`,
    );
    expect(tooMany.errors?.[0]?.message).toMatch(/limit must be a whole number from 1 to 100/);
  });

  it('reads only the client’s own ads: a campaign filter narrows, another client’s data never shows', async () => {
    const ctx = await asA('{ performanceContext { campaigns { id name } } }');
    const sale = ctx.data?.performanceContext.campaigns.find((c: { name: string }) => c.name === 'Sale').id;
    const res = await asA(
      `query($c: [ID!]) { creativeFeatures(from: "2026-06-01", to: "2026-06-10", metric: CVR, filter: { campaignIds: $c }) {
      adsAnalysed features { feature { id } adsWith } } }`,
      { c: [sale] },
    );
    expect(res.errors).toBeUndefined();
    const sales = planted.ads.filter((ad) => ad.campaign === 'Sale');
    const report = res.data?.creativeFeatures;
    expect(report.adsAnalysed).toBe(sales.length);
    const discount = report.features.find((f: Effect) => f.feature.id === 'text_discount');
    expect(discount.adsWith).toBe(
      sales.filter((ad) => planted.features.get(ad.name)!.includes('text_discount')).length,
    );
    // Client B's text_price never shows in A's report.
    expect(report.features.map((f: Effect) => f.feature.id)).not.toContain('text_price');
  });
  it('creativeFeature: the days come from the feature rollup while it matches the ads’ features, the same as from the daily rows; a change asks for a rebuild', async () => {
    const db = t.deps.db;
    const query = `{ creativeFeature(id: "text_price", from: "2026-06-01", to: "2026-06-04", metric: CTR) {
      series { day valueWith valueWithout spendWith spendWithout } } }`;
    const seriesOf = async () => {
      const res = await asB(query);
      expect(res.errors).toBeUndefined();
      return res.data?.creativeFeature.series as FeaturePoint[];
    };
    const hasRebuildJob = () => t.deps.jobs.hasLiveJob(FEATURE_ROLLUP_JOB, { clientId: w.b.id });
    const spend = (series: { spendWith: number }[]) => series.reduce((s, p) => s + p.spendWith, 0);
    // The rollup adds a campaign's sums first: the same figures, up to the last bits of a float.
    const expectSame = (actual: FeaturePoint[], expected: FeaturePoint[]) => {
      expect(actual.map((p) => p.day)).toEqual(expected.map((p) => p.day));
      actual.forEach((p, i) => {
        for (const k of ['valueWith', 'valueWithout', 'spendWith', 'spendWithout'] as const) {
          const e = expected[i]![k];
          if (e === null) expect(p[k]).toBeNull();
          else expect(p[k]).toBeCloseTo(e, 9);
        }
      });
    };

    // Never built: the daily rows answer, and a rebuild is asked for.
    await db.delete(creativeFeatureRollups).where(eq(creativeFeatureRollups.clientId, w.b.id));
    const fromDaily = await seriesOf();
    expect(await hasRebuildJob()).toBe(true);
    expect(spend(fromDaily)).toBeCloseTo(380, 9);

    // Built: the rollup answers the same, and nothing more is asked for.
    expect(await refreshFeatureRollup(db, w.b.id)).toBe(true);
    expect(await refreshFeatureRollup(db, w.b.id)).toBe(false);
    const stale = vi.fn();
    const scope = await accountScope(db, {
      clientId: w.b.id,
      demo: false,
      from: '2026-06-01',
      to: '2026-06-04',
    });
    expectSame(await featureSeries(db, scope, 'text_price', 'ctr', stale), fromDaily);
    expect(stale).not.toHaveBeenCalled();

    // A day written by the writers (facts.ts) keeps it current: T2 (text_price) and T3 spend on the 4th.
    await upsertDailyInsights(db, { clientId: w.b.id }, [
      {
        adId: bAccount.adIds.get('T2')!,
        day: '2026-06-04',
        metrics: { ...emptySums(), spend: 30, impressions: 1000, linkClicks: 40 },
      },
      {
        adId: bAccount.adIds.get('T3')!,
        day: '2026-06-04',
        metrics: { ...emptySums(), spend: 12, impressions: 1000, linkClicks: 10 },
      },
    ]);
    await refreshCampaignRollup(db, bAccount.id, '2026-06-04', '2026-06-04');
    expect(await featureRollupIsCurrent(db, w.b.id)).toBe(true);
    const fourth = await featureSeries(db, scope, 'text_price', 'ctr', stale);
    expect(stale).not.toHaveBeenCalled();
    expect(fourth[3]).toEqual({
      day: '2026-06-04',
      valueWith: 0.04,
      valueWithout: 0.01,
      spendWith: 30,
      spendWithout: 12,
    });

    // T2's creative loses text_price (an extraction rewrote its row): the rollup no longer matches, so the
    // daily rows answer (T2's 230 no longer counts with the feature) and a rebuild is asked for.
    const [t2] = await db
      .select()
      .from(ads)
      .where(eq(ads.id, bAccount.adIds.get('T2')!));
    await db
      .update(creativeFeatures)
      .set({ features: [], computedAt: new Date() })
      .where(eq(creativeFeatures.id, t2!.creativeFeaturesId!));
    expect(await featureRollupIsCurrent(db, w.b.id)).toBe(false);
    const changed = await featureSeries(db, scope, 'text_price', 'ctr', stale);
    expect(stale).toHaveBeenCalledTimes(1);
    expect(spend(changed)).toBeCloseTo(380 - 200, 9);
    expect(await refreshFeatureRollup(db, w.b.id)).toBe(true);
    expectSame(await featureSeries(db, scope, 'text_price', 'ctr'), changed);

    // As it was for the other tests: T2 has text_price again, without the 4th.
    await db
      .update(creativeFeatures)
      .set({ features: ['text_price'], computedAt: new Date() })
      .where(eq(creativeFeatures.id, t2!.creativeFeaturesId!));
    await db.delete(adInsightsDaily).where(eq(adInsightsDaily.day, '2026-06-04'));
    await refreshCampaignRollup(db, bAccount.id, '2026-06-04', '2026-06-04');
    await refreshFeatureRollup(db, w.b.id);
    expectSame(await featureSeries(db, scope, 'text_price', 'ctr'), fromDaily);
  });
});
