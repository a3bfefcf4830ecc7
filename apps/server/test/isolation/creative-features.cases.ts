import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { adCampaigns, ads, creativeFeatures } from '../../src/db/schema.js';
import { gql } from '../harness.js';
import { accountWithAds } from '../performance/world.js';
import { addClientCases, type World } from './cases.js';

const asA = (w: World, query: string, variables: Record<string, unknown> = {}) =>
  gql(w.t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });

/** Client B: an ad with text_price that spent 1000 on 2026-03-01; its account and campaign ids. */
async function featuredAdOfB(w: World) {
  const { account, adIds } = await accountWithAds(w.t.deps.db, w.b.id, {
    externalId: `act_b_${Math.random().toString(36).slice(2)}`,
    ads: ['B ad'],
    days: ['2026-03-01'],
    perAdDay: { spend: 1000, impressions: 5000, linkClicks: 50 },
  });
  const adId = adIds.get('B ad')!;
  const [row] = await w.t.deps.db
    .insert(creativeFeatures)
    .values({
      clientId: w.b.id,
      imageKey: `url:https://cdn.example.com/${adId}.jpg`,
      source: 'image',
      features: ['text_price'],
      keysVersion: 'test',
    })
    .returning();
  await w.t.deps.db.update(ads).set({ creativeFeaturesId: row!.id }).where(eq(ads.id, adId));
  const [campaign] = await w.t.deps.db
    .select()
    .from(adCampaigns)
    .where(eq(adCampaigns.accountId, account.id));
  return { accountId: account.id, campaignId: campaign!.id };
}

addClientCases({
  'Query.creativeFeatures': {
    document: '{ creativeFeatures(from: "2026-03-01", to: "2026-03-31", metric: CTR) { adsAnalysed } }',
    crossResource: async (w) => {
      const { accountId, campaignId } = await featuredAdOfB(w);
      const res = await asA(
        w,
        `query($a: [ID!], $c: [ID!]) { creativeFeatures(from: "2026-03-01", to: "2026-03-31", metric: CTR,
           filter: { accountIds: $a, campaignIds: $c }) { adsAnalysed adsWithoutFeatures spendAnalysed
           features { feature { id } } } }`,
        { a: [accountId], c: [campaignId] },
      );
      expect(res.data?.creativeFeatures).toEqual({
        adsAnalysed: 0,
        adsWithoutFeatures: 0,
        spendAnalysed: 0,
        features: [],
      });
    },
  },
  'Query.creativeFeature': {
    document:
      '{ creativeFeature(id: "text_price", from: "2026-03-01", to: "2026-03-31", metric: CTR) { method } }',
    crossResource: async (w) => {
      const { accountId, campaignId } = await featuredAdOfB(w);
      const res = await asA(
        w,
        `query($a: [ID!], $c: [ID!]) { creativeFeature(id: "text_price", from: "2026-03-01", to: "2026-03-01",
           metric: CTR, filter: { accountIds: $a, campaignIds: $c }) { effect { adsWith spendWith }
           ads { ad { id } } series { spendWith spendWithout } } }`,
        { a: [accountId], c: [campaignId] },
      );
      expect(res.data?.creativeFeature).toEqual({
        effect: { adsWith: 0, spendWith: 0 },
        ads: [],
        series: [{ spendWith: 0, spendWithout: 0 }],
      });
    },
  },
});
