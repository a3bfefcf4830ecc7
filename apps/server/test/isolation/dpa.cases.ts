import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ads, feedCreatives, feedDesigns, templates, templateVersions } from '../../src/db/schema.js';
import { gql } from '../harness.js';
import { accountWithCampaigns } from '../performance/world.js';
import { catalogOfB } from './catalogs.cases.js';
import { addClientCases, type World } from './cases.js';

const asA = (w: World, query: string, variables: Record<string, unknown> = {}) =>
  gql(w.t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });
const unique = () => Math.random().toString(36).slice(2);

/** A catalogue ad of `clientId` that delivered `product` on `day` (an enhancement ad when it names a feed). */
async function catalogAd(
  w: World,
  clientId: string,
  day: string,
  product: string,
  creative: { feedId?: string } = {},
) {
  const { account, adIds } = await accountWithCampaigns(w.t.deps.db, clientId, {
    externalId: `act_${unique()}`,
    ads: [
      {
        campaign: `DPA ${unique()}`,
        name: 'Catalogue ad',
        creative: { creativeKind: 'catalog', ...creative },
        rows: [{ day, m: { spend: 100, impressions: 1000, linkClicks: 10 } }],
        breakdowns: [
          {
            breakdown: 'product_id',
            value: product,
            day,
            m: { spend: 100, impressions: 1000, linkClicks: 10 },
          },
        ],
      },
    ],
  });
  return { accountId: account.id, adId: [...adIds.values()][0]! };
}

/** B's catalogue with its item B-SECRET-1, drawn by B's feed with B's template. */
async function bFeedWithCreative(w: World) {
  const db = w.t.deps.db;
  const b = await catalogOfB(w);
  const [tpl] = await db
    .insert(templates)
    .values({ clientId: w.b.id, name: 'B secret template', width: 1080, height: 1080 })
    .returning();
  const [version] = await db
    .insert(templateVersions)
    .values({
      templateId: tpl!.id,
      number: 1,
      name: 'B secret template',
      templateString: '<svg/>',
      width: 1080,
      height: 1080,
      slots: [],
    })
    .returning();
  const [design] = await db
    .insert(feedDesigns)
    .values({ feedId: b.feedId, templateVersionId: version!.id, position: 0 })
    .returning();
  await db.insert(feedCreatives).values({
    feedId: b.feedId,
    itemId: 'B-SECRET-1',
    status: 'generated',
    designId: design!.id,
    outputKey: `clients/${w.b.id}/creatives/secret.jpg`,
  });
  return b;
}

addClientCases({
  'Query.dpaAds': {
    document: '{ dpaAds(from: "2025-01-01", to: "2025-01-31", kind: ALL) { total { spend } } }',
    crossResource: async (w) => {
      const b = await catalogAd(w, w.b.id, '2025-01-02', 'P1');
      const res = await asA(
        w,
        'query($a: [ID!]) { dpaAds(from: "2025-01-01", to: "2025-01-31", kind: ALL, filter: { accountIds: $a }) { total { spend } rows { ad { id } } } }',
        { a: [b.accountId] },
      );
      expect(res.data?.dpaAds).toEqual({ total: { spend: 0 }, rows: [] });
    },
  },
  'Query.dpaItems': {
    document: '{ dpaItems(from: "2025-02-01", to: "2025-02-28", grouping: ITEM) { totalRows } }',
    crossResource: async (w) => {
      // A's ad delivered an id that only B's catalogue has: not A's item, and B's creative is not shown.
      await bFeedWithCreative(w);
      await catalogAd(w, w.a.id, '2025-02-02', 'B-SECRET-1');
      const res = await asA(
        w,
        '{ dpaItems(from: "2025-02-01", to: "2025-02-28", grouping: ITEM) { notInCatalog rows { key label inCatalog catalogId creatives { feedId } } } }',
      );
      expect(res.data?.dpaItems).toEqual({
        notInCatalog: 1,
        rows: [{ key: 'B-SECRET-1', label: 'B-SECRET-1', inCatalog: false, catalogId: null, creatives: [] }],
      });
    },
  },
  'Query.enhancementLift': {
    document: '{ enhancementLift(from: "2025-03-01", to: "2025-03-31") { itemsCompared } }',
    crossResource: async (w) => {
      const b1 = await catalogAd(w, w.b.id, '2025-03-02', 'P1');
      const b2 = await catalogAd(w, w.b.id, '2025-03-02', 'P1', { feedId: (await catalogOfB(w)).feedId });
      const res = await asA(
        w,
        'query($a: [ID!]) { enhancementLift(from: "2025-03-01", to: "2025-03-31", filter: { accountIds: $a }) { itemsCompared enhancementSpend catalogSpend } }',
        { a: [b1.accountId, b2.accountId] },
      );
      expect(res.data?.enhancementLift).toEqual({ itemsCompared: 0, enhancementSpend: 0, catalogSpend: 0 });
    },
  },
  'Query.enhancementLiftByTemplate': {
    document: '{ enhancementLiftByTemplate(from: "2025-04-01", to: "2025-04-30") { templateName } }',
    crossResource: async (w) => {
      // A's ad names B's feed (as a bad sync might): B's template is not named to A.
      const b = await bFeedWithCreative(w);
      await catalogAd(w, w.a.id, '2025-04-02', 'B-SECRET-1');
      await catalogAd(w, w.a.id, '2025-04-02', 'B-SECRET-1', { feedId: b.feedId });
      const res = await asA(
        w,
        '{ enhancementLiftByTemplate(from: "2025-04-01", to: "2025-04-30") { templateId templateName thumbnailUrl overall { itemsCompared } } }',
      );
      expect(res.data?.enhancementLiftByTemplate).toEqual([
        {
          templateId: null,
          templateName: 'Template not known',
          thumbnailUrl: null,
          overall: { itemsCompared: 1 },
        },
      ]);
    },
  },
  'Mutation.setCatalogAdFeed': {
    document:
      'mutation { setCatalogAdFeed(adId: "00000000-0000-4000-8000-000000000000", feedId: null) { adId } }',
    crossResource: async (w) => {
      const set =
        'mutation($ad: ID!, $feed: ID) { setCatalogAdFeed(adId: $ad, feedId: $feed) { adId feedId error { code } } }';
      const b = await catalogOfB(w);
      const bAd = await catalogAd(w, w.b.id, '2025-05-02', 'P1', { feedId: b.feedId });
      const aAd = await catalogAd(w, w.a.id, '2025-05-02', 'P1');
      const notFound = { adId: null, feedId: null, error: { code: 'NOT_FOUND' } };
      // B's ad, cleared or given nothing: not found, and unchanged.
      expect((await asA(w, set, { ad: bAd.adId, feed: null })).data?.setCatalogAdFeed).toEqual(notFound);
      const [stored] = await w.t.deps.db.select().from(ads).where(eq(ads.id, bAd.adId));
      expect(stored!.feedId).toBe(b.feedId);
      // B's feed on A's own ad: not found, and A's ad unchanged.
      expect((await asA(w, set, { ad: aAd.adId, feed: b.feedId })).data?.setCatalogAdFeed).toEqual(notFound);
      const [own] = await w.t.deps.db.select().from(ads).where(eq(ads.id, aAd.adId));
      expect(own!.feedId).toBeNull();
    },
  },
});
