import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { catalogImports, catalogItems, catalogs, feeds, productSets } from '../../src/db/schema.js';
import { gql } from '../harness.js';
import { addClientCases, type World } from './cases.js';

const NO_ID = '00000000-0000-4000-8000-000000000000';

/** Client B's rated catalogue with a product set and a feed, written directly. */
async function ratedFeedOfB(w: World) {
  const db = w.t.deps.db;
  const [catalog] = await db.insert(catalogs).values({ clientId: w.b.id, name: 'B rated' }).returning();
  const [imported] = await db
    .insert(catalogImports)
    .values({ catalogId: catalog!.id, clientId: w.b.id, status: 'completed', added: 1 })
    .returning();
  await db.insert(catalogItems).values({
    importId: imported!.id,
    catalogId: catalog!.id,
    itemId: 'B-RATED-1',
    title: 'B rated item',
    rating: 4,
    contentHash: 'x',
  });
  await db.update(catalogs).set({ currentImportId: imported!.id }).where(eq(catalogs.id, catalog!.id));
  const [set] = await db
    .insert(productSets)
    .values({ clientId: w.b.id, catalogId: catalog!.id, name: 'B rated set', filter: {} })
    .returning();
  const [feed] = await db
    .insert(feeds)
    .values({
      clientId: w.b.id,
      productSetId: set!.id,
      name: 'B rated feed',
      exportToken: 'b-rated-abcdefghij',
    })
    .returning();
  return { catalogId: catalog!.id, feedId: feed!.id };
}

const asA = (w: World, query: string, variables: Record<string, unknown>) =>
  gql(w.t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });

addClientCases({
  'Query.feedLayerWarnings': {
    document: `{ feedLayerWarnings(feedId: "${NO_ID}") { checkedItems } }`,
    crossResource: async (w) => {
      const b = await ratedFeedOfB(w);
      const res = await asA(
        w,
        'query($id: ID!) { feedLayerWarnings(feedId: $id) { checkedItems itemTotal } }',
        {
          id: b.feedId,
        },
      );
      expect(res.data).toBeNull();
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    },
  },
  'Query.catalogRatings': {
    document: `{ catalogRatings(catalogId: "${NO_ID}") { itemCount } }`,
    crossResource: async (w) => {
      const b = await ratedFeedOfB(w);
      const res = await asA(
        w,
        'query($id: ID!) { catalogRatings(catalogId: $id) { itemCount ratedCount } }',
        {
          id: b.catalogId,
        },
      );
      expect(res.data).toBeNull();
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    },
  },
});
