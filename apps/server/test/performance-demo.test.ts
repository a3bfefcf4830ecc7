import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  catalogs,
  feedCreatives,
  feedDesigns,
  feeds,
  productSets,
  templates,
  templateVersions,
  users,
} from '../src/db/schema.js';
import { rowsOf } from '../src/db/rows.js';
import type { Db } from '../src/db/client.js';
import { ensureDemoData, demoToday } from '../src/modules/performance/index.js';
import { addDays } from '../src/modules/performance/scope.js';
import { refreshDemoDataSets } from '../src/modules/performance/demo/refresh.jobs.js';
import { seedEmptyDatabase } from '../src/seed.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  makeUser,
  openTestDatabase,
  PASSWORD,
  signIn,
  twoClients,
  type TestApp,
} from './harness.js';
import { accountWithAds } from './performance/world.js';

const TODAY = '2026-06-15';
const YESTERDAY = '2026-06-14';
const FIRST = addDays(YESTERDAY, -181);

const SUMMARY = `query($from: Date!, $to: Date!) {
  adPerformanceSummary(from: $from, to: $to) { spend purchaseValue roas currency } }`;
const DEMO_DATA = '{ demoPerformanceData { exists firstDay lastDay ads } }';
const SET_DEMO = `mutation($on: Boolean!) { setDemoMode(enabled: $on) { user { demoMode } error { message } } }`;

/** Spend, revenue and rows of each campaign of the client's demo account, by name. */
async function campaignSums(db: Db, clientId: string) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select c.name, sum(d.spend)::float8 as spend, sum(d.purchase_value)::float8 as value,
        sum(d.impressions)::float8 as impressions, sum(d.link_clicks)::float8 as links,
        sum(d.purchases)::float8 as purchases, sum(d.video_3s_plays)::float8 as plays, count(*)::int as rows
      from ad_insights_daily d join ads a on a.id = d.ad_id join ad_campaigns c on c.id = a.campaign_id
        join ad_accounts acc on acc.id = a.account_id
      where acc.client_id = ${clientId} and acc.source = 'demo'
      group by c.name order by c.name`),
  );
}

/** Spend and revenue of a range, in total and by campaign, from the rollup of the demo account. */
async function rangeByCampaign(db: Db, clientId: string, from: string, to: string) {
  return rowsOf<{ name: string; spend: number; value: number }>(
    await db.execute(sql`
      select c.name, sum(r.spend)::float8 as spend, sum(r.purchase_value)::float8 as value
      from ad_insights_campaign_daily r join ad_campaigns c on c.id = r.campaign_id
        join ad_accounts acc on acc.id = r.account_id
      where acc.client_id = ${clientId} and acc.source = 'demo' and r.day between ${from} and ${to}
      group by c.name`),
  );
}

/** Revenue by age from the breakdown rows of the demo account over a range. */
async function revenueByAge(db: Db, clientId: string, from: string, to: string) {
  const rows = rowsOf<{ value: string; revenue: number }>(
    await db.execute(sql`
      select b.value, sum(b.purchase_value)::float8 as revenue
      from ad_insights_breakdowns b join ads a on a.id = b.ad_id join ad_accounts acc on acc.id = a.account_id
      where acc.client_id = ${clientId} and acc.source = 'demo' and b.breakdown = 'age'
        and b.day between ${from} and ${to}
      group by b.value`),
  );
  return new Map(rows.map((r) => [r.value, Number(r.revenue)]));
}

describeEachDatabase('the demo data set on %s', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoClients>>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { jobs: 'in-process' });
    w = await twoClients(t);
  });
  afterAll(() => t.close());

  it('builds three campaigns, sixty ads and 182 days ending yesterday with every breakdown, once a day', async () => {
    expect(await ensureDemoData(t.deps.db, w.a.id, TODAY)).toBe('built');
    // Asked again the same day, it is already there (its build time is the bench's business, not a test's).
    expect(await ensureDemoData(t.deps.db, w.a.id, TODAY)).toBe('fresh');

    const [account] = rowsOf<Record<string, unknown>>(
      await t.deps.db.execute(
        sql`select name, currency, time_zone, attribution_setting from ad_accounts where client_id = ${w.a.id} and source = 'demo'`,
      ),
    );
    expect(account).toEqual({
      name: 'Demo Store – Meta (demo)',
      currency: 'USD',
      time_zone: 'America/New_York',
      attribution_setting: '7-day click or 1-day view',
    });
    const sums = await campaignSums(t.deps.db, w.a.id);
    expect(sums.map((s) => s.name)).toEqual(['Creative testing', 'Prospecting – Broad', 'Retargeting – DPA']);
    const [shape] = rowsOf<Record<string, unknown>>(
      await t.deps.db.execute(sql`
        select count(distinct a.id)::int as ads, min(d.day)::text as first, max(d.day)::text as last,
          count(distinct d.day)::int as days,
          count(*) filter (where (a.creative_kind = 'video') <> (d.video_3s_plays is not null))::int as misplaced_video,
          count(*) filter (where d.thruplays > d.video_3s_plays or d.link_clicks > d.clicks
            or d.reach > d.impressions)::int as impossible
        from ads a join ad_accounts acc on acc.id = a.account_id left join ad_insights_daily d on d.ad_id = a.id
        where acc.client_id = ${w.a.id} and acc.source = 'demo'`),
    );
    expect(shape).toEqual({
      ads: 60,
      first: FIRST,
      last: YESTERDAY,
      days: 182,
      misplaced_video: 0,
      impossible: 0,
    });
    const kinds = rowsOf<{ kind: string; n: number }>(
      await t.deps.db.execute(sql`
        select a.creative_kind as kind, count(*)::int as n from ads a join ad_accounts acc on acc.id = a.account_id
        where acc.client_id = ${w.a.id} and acc.source = 'demo' group by 1 order by 1`),
    );
    expect(kinds).toEqual([
      { kind: 'catalog', n: 20 },
      { kind: 'image', n: 23 },
      { kind: 'video', n: 17 },
    ]);
    const breakdowns = rowsOf<{ breakdown: string; values: number; kinds: string }>(
      await t.deps.db.execute(sql`
        select b.breakdown, count(distinct b.value)::int as values, string_agg(distinct a.creative_kind, ',') as kinds,
          count(*) filter (where (a.creative_kind = 'video') <> (b.video_3s_plays is not null))::int as misplaced
        from ad_insights_breakdowns b join ads a on a.id = b.ad_id join ad_accounts acc on acc.id = a.account_id
        where acc.client_id = ${w.a.id} and acc.source = 'demo' group by 1 order by 1`),
    );
    expect(breakdowns).toEqual([
      { breakdown: 'age', values: 6, kinds: 'catalog,image,video', misplaced: 0 },
      { breakdown: 'country', values: 5, kinds: 'catalog,image,video', misplaced: 0 },
      { breakdown: 'device', values: 4, kinds: 'catalog,image,video', misplaced: 0 },
      { breakdown: 'gender', values: 3, kinds: 'catalog,image,video', misplaced: 0 },
      { breakdown: 'placement', values: 6, kinds: 'catalog,image,video', misplaced: 0 },
      // Placeholder product ids: the client has no generated creatives.
      { breakdown: 'product_id', values: 24, kinds: 'catalog', misplaced: 0 },
    ]);
    // Each breakdown splits the day: its spend and its purchases add up to the ads' (whole counts rounded
    // up or down by a drawn number, so within a few per cent over six months).
    const totals = rowsOf<{ breakdown: string; spend: number; purchases: number }>(
      await t.deps.db.execute(sql`
        select b.breakdown, sum(b.spend)::float8 as spend, sum(b.purchases)::float8 as purchases
        from ad_insights_breakdowns b join ads a on a.id = b.ad_id join ad_accounts acc on acc.id = a.account_id
        where acc.client_id = ${w.a.id} and acc.source = 'demo' and a.creative_kind = 'catalog' group by 1`),
    );
    const catalogue = sums.find((s) => s.name === 'Retargeting – DPA')!;
    for (const row of totals) {
      expect(row.spend / Number(catalogue.spend)).toBeCloseTo(1, 2);
      expect(row.purchases / Number(catalogue.purchases)).toBeGreaterThan(0.97);
      expect(row.purchases / Number(catalogue.purchases)).toBeLessThan(1.03);
    }
    // Believable rates: CTR 1–2 %, ROAS 1.5–5 per campaign; video plays only in campaigns with videos.
    for (const s of sums) {
      const ctr = Number(s.links) / Number(s.impressions);
      const roas = Number(s.value) / Number(s.spend);
      expect(ctr, `${String(s.name)} CTR`).toBeGreaterThan(0.009);
      expect(ctr, `${String(s.name)} CTR`).toBeLessThan(0.021);
      expect(roas, `${String(s.name)} ROAS`).toBeGreaterThan(1.5);
      expect(roas, `${String(s.name)} ROAS`).toBeLessThan(5);
    }
    expect(catalogue.plays).toBeNull();
    // The rollup the dashboards read holds the same sums.
    const rollup = await rangeByCampaign(t.deps.db, w.a.id, FIRST, YESTERDAY);
    for (const s of sums)
      expect(rollup.find((r) => r.name === s.name)!.spend).toBeCloseTo(Number(s.spend), 4);
  }, 120_000);

  it('is deterministic: another build, or another client’s, has the same sums per campaign', async () => {
    const first = await campaignSums(t.deps.db, w.a.id);
    const reset = await gql(t, {
      session: w.sessionAdminA,
      clientId: w.a.id,
      query: 'mutation { resetDemoPerformanceData { data { exists ads } error { message } } }',
    });
    expect(reset.data?.resetDemoPerformanceData).toEqual({ data: { exists: true, ads: 60 }, error: null });
    // The reset built on the real today; build on the test's day again (a moved window is rewritten).
    expect(await ensureDemoData(t.deps.db, w.a.id, TODAY)).toBe('built');
    expect(await campaignSums(t.deps.db, w.a.id)).toEqual(first);
    await ensureDemoData(t.deps.db, w.b.id, TODAY);
    expect(await campaignSums(t.deps.db, w.b.id)).toEqual(first);
  }, 120_000);

  it('moves its window: a day later it ends the new yesterday and the day out of the window is gone', async () => {
    expect(await ensureDemoData(t.deps.db, w.b.id, addDays(TODAY, 1))).toBe('built');
    const [range] = rowsOf<{ first: string; last: string }>(
      await t.deps.db.execute(sql`
        select min(r.day)::text as first, max(r.day)::text as last from ad_insights_campaign_daily r
        join ad_accounts acc on acc.id = r.account_id where acc.client_id = ${w.b.id} and acc.source = 'demo'`),
    );
    expect(range).toEqual({ first: addDays(FIRST, 1), last: TODAY });
    const [stale] = rowsOf<{ n: number }>(
      await t.deps.db.execute(sql`
        select count(*)::int as n from ad_insights_breakdowns b join ads a on a.id = b.ad_id
        join ad_accounts acc on acc.id = a.account_id
        where acc.client_id = ${w.b.id} and acc.source = 'demo' and b.day = ${FIRST}`),
    );
    expect(stale!.n).toBe(0);
  }, 120_000);

  it('plants a ROAS drop of more than 20 % in the last 30 days, mostly from one campaign and one age group', async () => {
    const last30 = await rangeByCampaign(t.deps.db, w.a.id, addDays(YESTERDAY, -29), YESTERDAY);
    const prev30 = await rangeByCampaign(t.deps.db, w.a.id, addDays(YESTERDAY, -59), addDays(YESTERDAY, -30));
    const roas = (rows: typeof last30) =>
      rows.reduce((s, r) => s + Number(r.value), 0) / rows.reduce((s, r) => s + Number(r.spend), 0);
    const drop = 1 - roas(last30) / roas(prev30);
    expect(drop).toBeGreaterThan(0.2);
    // Revenue lost at the previous period's ROAS: the planted campaign explains most of it.
    const lost = (name: string) => {
      const now = last30.find((r) => r.name === name)!;
      const before = prev30.find((r) => r.name === name)!;
      return (Number(before.value) / Number(before.spend)) * Number(now.spend) - Number(now.value);
    };
    const total = ['Prospecting – Broad', 'Retargeting – DPA', 'Creative testing'].reduce(
      (s, n) => s + lost(n),
      0,
    );
    expect(lost('Prospecting – Broad') / total).toBeGreaterThan(0.7);
    // …and within the breakdowns, the 25-34 age group.
    const ageNow = await revenueByAge(t.deps.db, w.a.id, addDays(YESTERDAY, -29), YESTERDAY);
    const ageBefore = await revenueByAge(t.deps.db, w.a.id, addDays(YESTERDAY, -59), addDays(YESTERDAY, -30));
    const ageLoss = [...ageBefore.keys()].map(
      (age) => [age, ageBefore.get(age)! - ageNow.get(age)!] as const,
    );
    const totalLoss = ageLoss.reduce((s, [, l]) => s + l, 0);
    const [worst] = [...ageLoss].sort((a, b) => b[1] - a[1]);
    expect(worst![0]).toBe('25-34');
    expect(worst![1] / totalLoss).toBeGreaterThan(0.5);
  });

  it('shows in adPerformanceSummary only in demo mode, turned on and off through setDemoMode', async () => {
    const client = await makeClient(t, 'Real and demo');
    const user = await makeUser(t, { clientId: client.id, isAdmin: true });
    const session = await signIn(t, user.email, PASSWORD);
    const yesterday = addDays(demoToday(), -1);
    await accountWithAds(t.deps.db, client.id, {
      ads: ['real ad'],
      days: [yesterday],
      perAdDay: { spend: 12.5, purchaseValue: 50 },
    });
    const summary = async () =>
      (
        await gql(t, {
          session,
          clientId: client.id,
          query: SUMMARY,
          variables: { from: addDays(yesterday, -29), to: yesterday },
        })
      ).data?.adPerformanceSummary;
    const demoData = async () =>
      (await gql(t, { session, clientId: client.id, query: DEMO_DATA })).data?.demoPerformanceData;

    expect(await demoData()).toEqual({ exists: false, firstDay: null, lastDay: null, ads: 0 });
    expect(await summary()).toMatchObject({ spend: 12.5, purchaseValue: 50 });

    const on = await gql(t, { session, query: SET_DEMO, variables: { on: true } });
    expect(on.data?.setDemoMode).toEqual({ user: { demoMode: true }, error: null });
    // Turning demo mode on built the client's data set, ending yesterday.
    expect(await demoData()).toEqual({
      exists: true,
      firstDay: addDays(yesterday, -181),
      lastDay: yesterday,
      ads: 60,
    });
    const demo = await summary();
    expect(demo.currency).toBe('USD');
    expect(demo.spend).toBeGreaterThan(50_000);
    expect(demo.roas).toBeGreaterThan(1.5);

    const off = await gql(t, { session, query: SET_DEMO, variables: { on: false } });
    expect(off.data?.setDemoMode.user.demoMode).toBe(false);
    expect(await summary()).toMatchObject({ spend: 12.5, purchaseValue: 50 });
    // Off, the data set stays (turning it on again is instant) but is never read.
    expect((await demoData()).exists).toBe(true);
  }, 120_000);

  it('ties the catalogue ads to the client’s generated creatives when it has some', async () => {
    const client = await makeClient(t, 'With creatives');
    const [catalog] = await t.deps.db
      .insert(catalogs)
      .values({ clientId: client.id, name: 'Shoes' })
      .returning();
    const [set] = await t.deps.db
      .insert(productSets)
      .values({ clientId: client.id, catalogId: catalog!.id, name: 'All', filter: {} })
      .returning();
    const [feed] = await t.deps.db
      .insert(feeds)
      .values({ clientId: client.id, productSetId: set!.id, name: 'Shoes feed', exportToken: 'token-demo' })
      .returning();
    const [template] = await t.deps.db
      .insert(templates)
      .values({ clientId: client.id, name: 'Square', width: 1080, height: 1080 })
      .returning();
    const [version] = await t.deps.db
      .insert(templateVersions)
      .values({
        templateId: template!.id,
        number: 1,
        name: 'Square',
        templateString: '<svg/>',
        width: 1080,
        height: 1080,
        slots: [],
      })
      .returning();
    const [design] = await t.deps.db
      .insert(feedDesigns)
      .values({ feedId: feed!.id, templateVersionId: version!.id, position: 0 })
      .returning();
    await t.deps.db.insert(feedCreatives).values([
      ...['SKU-1', 'SKU-2', 'SKU-3'].map((itemId) => ({
        feedId: feed!.id,
        itemId,
        status: 'generated' as const,
        designId: design!.id,
        outputKey: `generated/${feed!.id}/${itemId}.jpg`,
      })),
      { feedId: feed!.id, itemId: 'SKU-4', status: 'failed' as const, designId: design!.id },
    ]);
    await ensureDemoData(t.deps.db, client.id, TODAY);
    const catalogue = rowsOf<Record<string, unknown>>(
      await t.deps.db.execute(sql`
        select a.catalog_item_id as item, a.creative_url as url, a.thumbnail_url as thumb, a.feed_id::text as feed,
          a.design_id::text as design, a.template_version_id::text as version
        from ads a join ad_accounts acc on acc.id = a.account_id
        where acc.client_id = ${client.id} and acc.source = 'demo' and a.creative_kind = 'catalog'
        order by a.external_id`),
    );
    expect(catalogue).toHaveLength(20);
    expect(catalogue[0]).toEqual({
      item: 'SKU-1',
      url: `/files/generated/${feed!.id}/SKU-1.jpg`,
      thumb: `/files/generated/${feed!.id}/SKU-1.jpg`,
      feed: feed!.id,
      design: design!.id,
      version: version!.id,
    });
    // The first ten show Adloom creatives, the other ten the plain catalogue image (no creative of ours).
    expect(new Set(catalogue.slice(0, 10).map((a) => a.item))).toEqual(new Set(['SKU-1', 'SKU-2', 'SKU-3']));
    for (const plain of catalogue.slice(10))
      expect(plain).toEqual({ item: null, url: null, thumb: null, feed: null, design: null, version: null });
    const products = rowsOf<{ value: string }>(
      await t.deps.db.execute(sql`
        select distinct b.value from ad_insights_breakdowns b join ads a on a.id = b.ad_id
        join ad_accounts acc on acc.id = a.account_id
        where acc.client_id = ${client.id} and acc.source = 'demo' and b.breakdown = 'product_id' order by 1`),
    );
    expect(products.map((p) => p.value)).toEqual(['SKU-1', 'SKU-2', 'SKU-3']);
    // The other ads show starter library thumbnails.
    const [other] = rowsOf<{ thumb: string }>(
      await t.deps.db.execute(sql`
        select a.thumbnail_url as thumb from ads a join ad_accounts acc on acc.id = a.account_id
        where acc.client_id = ${client.id} and acc.source = 'demo' and a.creative_kind = 'image' limit 1`),
    );
    expect(other!.thumb).toMatch(/^\/files\/library\/[a-z0-9-]+\/[0-9a-f]{16}\.jpg$/);

    // A creative that is no longer generated: the catalogue ads follow (no stale link stays).
    await t.deps.db.delete(feedCreatives).where(eq(feedCreatives.itemId, 'SKU-1'));
    expect(await ensureDemoData(t.deps.db, client.id, TODAY)).toBe('built');
    const items = rowsOf<{ item: string }>(
      await t.deps.db.execute(sql`
        select distinct a.catalog_item_id as item from ads a join ad_accounts acc on acc.id = a.account_id
        where acc.client_id = ${client.id} and acc.source = 'demo' and a.creative_kind = 'catalog'
          and a.catalog_item_id is not null order by 1`),
    );
    expect(items.map((r) => r.item)).toEqual(['SKU-2', 'SKU-3']);
  }, 120_000);

  it('refuses a day that is not one', async () => {
    await expect(ensureDemoData(t.deps.db, w.a.id, '2026-13-45x')).rejects.toThrow(
      'demo data: today must be an ISO day (YYYY-MM-DD), not "2026-13-45x"',
    );
  });

  it('seeds a fresh install with its admin in demo mode over the demo client’s data set', async () => {
    const database = await openTestDatabase(kind);
    try {
      const seeded = await seedEmptyDatabase(database.db);
      const [admin] = await database.db.select().from(users).where(eq(users.email, seeded!.email));
      expect(admin!.demoMode).toBe(true);
      const [state] = rowsOf<{ ads: number; last: string }>(
        await database.db.execute(sql`
          select count(distinct a.id)::int as ads, max(d.day)::text as last
          from ads a join ad_accounts acc on acc.id = a.account_id join ad_insights_daily d on d.ad_id = a.id
          where acc.client_id = ${seeded!.clientId} and acc.source = 'demo'`),
      );
      expect(state).toEqual({ ads: 60, last: addDays(demoToday(), -1) });
    } finally {
      await database.close();
    }
  }, 120_000);
});

describeEachDatabase('the demo data refresh on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { jobs: 'in-process' });
  });
  afterAll(() => t.close());

  it('brings a data set that no longer ends yesterday up to date, and leaves a current one alone', async () => {
    const client = await makeClient(t, 'Left in demo mode');
    await ensureDemoData(t.deps.db, client.id, TODAY);
    expect(await refreshDemoDataSets(t.deps.db, TODAY)).toEqual([]);
    expect(await refreshDemoDataSets(t.deps.db, addDays(TODAY, 3))).toEqual([client.id]);
    const [range] = rowsOf<{ first: string; last: string }>(
      await t.deps.db.execute(sql`
        select min(r.day)::text as first, max(r.day)::text as last from ad_insights_campaign_daily r
        join ad_accounts acc on acc.id = r.account_id where acc.client_id = ${client.id} and acc.source = 'demo'`),
    );
    expect(range).toEqual({ first: addDays(FIRST, 3), last: addDays(YESTERDAY, 3) });
    expect(await refreshDemoDataSets(t.deps.db, addDays(TODAY, 3))).toEqual([]);
  }, 120_000);
});
