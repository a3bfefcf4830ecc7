import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { adCampaigns } from '../../src/db/schema.js';
import { gql } from '../harness.js';
import { accountWithAds } from '../performance/world.js';
import { addClientCases, type World } from './cases.js';

const asA = (w: World, query: string, variables: Record<string, unknown> = {}) =>
  gql(w.t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });

/** Client B spent 1000 on 2026-03-01 in an account whose id A may try to name. */
async function spendOfB(w: World) {
  const { account } = await accountWithAds(w.t.deps.db, w.b.id, {
    externalId: `act_b_${Math.random().toString(36).slice(2)}`,
    ads: ['B ad'],
    days: ['2026-03-01'],
    perAdDay: { spend: 1000, impressions: 5000 },
  });
  return account;
}

/** B's account and the id of its campaign. */
async function spendAndCampaignOfB(w: World) {
  const account = await spendOfB(w);
  const [campaign] = await w.t.deps.db
    .select()
    .from(adCampaigns)
    .where(eq(adCampaigns.accountId, account.id));
  return { account, campaignId: campaign!.id };
}

addClientCases({
  'Query.adPerformanceSummary': {
    document: '{ adPerformanceSummary(from: "2026-03-01", to: "2026-03-31") { spend currency } }',
    crossResource: async (w) => {
      const account = await spendOfB(w);
      const res = await asA(
        w,
        'query($ids: [ID!]) { adPerformanceSummary(from: "2026-03-01", to: "2026-03-31", filter: { accountIds: $ids }) { spend impressions } }',
        { ids: [account.id] },
      );
      expect(res.data?.adPerformanceSummary).toEqual({ spend: 0, impressions: 0 });
    },
  },
  'Query.performanceContext': {
    document: '{ performanceContext { accounts { id } campaigns { id } hasData } }',
    crossResource: async (w) => {
      const account = await spendOfB(w);
      const res = await asA(w, '{ performanceContext { accounts { id } campaigns { accountId } } }');
      const ids = JSON.stringify(res.data?.performanceContext);
      expect(ids).not.toContain(account.id);
    },
  },
  'Query.performanceComparison': {
    document: '{ performanceComparison(from: "2026-03-01", to: "2026-03-31") { current { spend } } }',
    crossResource: async (w) => {
      const { account, campaignId } = await spendAndCampaignOfB(w);
      const res = await asA(
        w,
        `query($a: [ID!], $c: [ID!]) { x: performanceComparison(from: "2026-03-01", to: "2026-03-31", filter: { accountIds: $a }) { current { spend } }
           y: performanceComparison(from: "2026-03-01", to: "2026-03-31", filter: { campaignIds: $c }) { current { spend } } }`,
        { a: [account.id], c: [campaignId] },
      );
      expect(res.data).toEqual({ x: { current: { spend: 0 } }, y: { current: { spend: 0 } } });
    },
  },
  'Query.performanceTimeSeries': {
    document: '{ performanceTimeSeries(from: "2026-03-01", to: "2026-03-02", grain: DAY) { grain } }',
    crossResource: async (w) => {
      const { account, campaignId } = await spendAndCampaignOfB(w);
      const res = await asA(
        w,
        `query($a: [ID!], $c: [ID!]) { performanceTimeSeries(from: "2026-03-01", to: "2026-03-01", grain: DAY,
           splitByCampaign: true, filter: { accountIds: $a, campaignIds: $c }) { current { key points { values { spend } } } } }`,
        { a: [account.id], c: [campaignId] },
      );
      expect(res.data?.performanceTimeSeries.current).toEqual([
        { key: 'total', points: [{ values: { spend: 0 } }] },
      ]);
    },
  },
  'Query.topAds': {
    document: '{ topAds(from: "2026-03-01", to: "2026-03-31", metric: SPEND) { id } }',
    crossResource: async (w) => {
      const { account, campaignId } = await spendAndCampaignOfB(w);
      const res = await asA(
        w,
        `query($a: [ID!], $c: [ID!]) { topAds(from: "2026-03-01", to: "2026-03-31", metric: SPEND,
           filter: { accountIds: $a, campaignIds: $c }) { id } }`,
        { a: [account.id], c: [campaignId] },
      );
      expect(res.data?.topAds).toEqual([]);
    },
  },
  'Query.performanceBreakdown': {
    document: '{ performanceBreakdown(from: "2026-03-01", to: "2026-03-31", breakdown: AGE) { value } }',
    crossResource: async (w) => {
      const { account, campaignId } = await spendAndCampaignOfB(w);
      const res = await asA(
        w,
        `query($a: [ID!], $c: [ID!]) { performanceBreakdown(from: "2026-03-01", to: "2026-03-31", breakdown: AGE,
           filter: { accountIds: $a, campaignIds: $c }) { value } }`,
        { a: [account.id], c: [campaignId] },
      );
      expect(res.data?.performanceBreakdown).toEqual([]);
    },
  },
  'Query.adRanking': {
    document: '{ adRanking(from: "2026-03-01", to: "2026-03-31", metric: ROAS) { eligibleAds } }',
    crossResource: async (w) => {
      const { account, campaignId } = await spendAndCampaignOfB(w);
      const res = await asA(
        w,
        `query($a: [ID!], $c: [ID!]) { adRanking(from: "2026-03-01", to: "2026-03-31", metric: CPM,
           filter: { accountIds: $a, campaignIds: $c }) { eligibleAds excludedBelowMinSpend winners { ad { id } } } }`,
        { a: [account.id], c: [campaignId] },
      );
      expect(res.data?.adRanking).toEqual({ eligibleAds: 0, excludedBelowMinSpend: 0, winners: [] });
    },
  },
  'Mutation.setPerformanceMinSpend': {
    document: 'mutation { setPerformanceMinSpend(minSpend: 1) { minSpend } }',
    crossResource: async (w) => {
      await asA(w, 'mutation { setPerformanceMinSpend(minSpend: 7) { minSpend } }');
      const b = await gql(w.t, {
        session: w.sessionAdminB,
        clientId: w.b.id,
        query: '{ performanceContext { minSpend } }',
      });
      expect(b.data?.performanceContext.minSpend).not.toBe(7);
    },
  },
  'Query.performanceReport': {
    document:
      '{ performanceReport(input: { from: "2026-03-01", to: "2026-03-31", dimensions: [CAMPAIGN], metrics: [SPEND] }) { total } }',
    crossResource: async (w) => {
      const { account, campaignId } = await spendAndCampaignOfB(w);
      const res = await asA(
        w,
        `query($a: [ID!], $c: [ID!]) { performanceReport(input: { from: "2026-03-01", to: "2026-03-31",
           dimensions: [AD], metrics: [SPEND], filter: { accountIds: $a, campaignIds: $c } }) { total rows { keys } totals { spend } } }`,
        { a: [account.id], c: [campaignId] },
      );
      expect(res.data?.performanceReport).toEqual({ total: 0, rows: [], totals: { spend: 0 } });
    },
  },
  'Query.performanceReportViews': {
    document: '{ performanceReportViews { id name } }',
  },
  'Mutation.savePerformanceReportView': {
    document:
      'mutation { savePerformanceReportView(name: "x", definition: "{\\"dimensions\\":[\\"AD\\"],\\"metrics\\":[\\"SPEND\\"]}") { view { id } } }',
  },
  'Mutation.deletePerformanceReportView': {
    document:
      'mutation { deletePerformanceReportView(id: "00000000-0000-0000-0000-000000000000") { deletedId } }',
    crossResource: async (w) => {
      const asB = (query: string) => gql(w.t, { session: w.sessionAdminB, clientId: w.b.id, query });
      const name = `B view ${Math.random().toString(36).slice(2)}`;
      const saved = await asB(
        `mutation { savePerformanceReportView(name: "${name}", definition: "{\\"dimensions\\":[\\"AD\\"],\\"metrics\\":[\\"SPEND\\"]}") { view { id } } }`,
      );
      const id = saved.data?.savePerformanceReportView.view.id;
      expect(id).toBeTruthy();
      const res = await asA(
        w,
        'mutation($id: ID!) { deletePerformanceReportView(id: $id) { deletedId error { code } } }',
        { id },
      );
      expect(res.data?.deletePerformanceReportView).toEqual({
        deletedId: null,
        error: { code: 'NOT_FOUND' },
      });
      const views = await asB('{ performanceReportViews { id } }');
      expect(views.data?.performanceReportViews).toContainEqual({ id });
    },
  },
  'Query.performanceAlerts': {
    document: '{ performanceAlerts(from: "2026-03-01", to: "2026-03-31") { metric } }',
    crossResource: async (w) => {
      const { account, campaignId } = await spendAndCampaignOfB(w);
      const res = await asA(
        w,
        `query($a: [ID!], $c: [ID!]) { performanceAlerts(from: "2026-03-01", to: "2026-03-31",
           filter: { accountIds: $a, campaignIds: $c }) { metric drivers { label } } }`,
        { a: [account.id], c: [campaignId] },
      );
      expect(res.data?.performanceAlerts).toEqual([]);
    },
  },
});
