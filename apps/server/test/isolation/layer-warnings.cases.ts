import { expect } from 'vitest';
import { gql } from '../harness.js';
import { addClientCases, type World } from './cases.js';
import { catalogOfB } from './catalogs.cases.js';

const NO_ID = '00000000-0000-4000-8000-000000000000';

/** Sends `query` with B's id through A's own endpoint: refused as not found, with no data. */
async function refusedThroughA(w: World, query: string, id: string) {
  const res = await gql(w.t, { session: w.sessionAdminA, clientId: w.a.id, query, variables: { id } });
  expect(res.data).toBeNull();
  expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
}

addClientCases({
  'Query.feedLayerWarnings': {
    document: `{ feedLayerWarnings(feedId: "${NO_ID}") { checkedItems } }`,
    crossResource: async (w) =>
      refusedThroughA(
        w,
        'query($id: ID!) { feedLayerWarnings(feedId: $id) { checkedItems itemTotal } }',
        (await catalogOfB(w)).feedId,
      ),
  },
  'Query.draftFeedLayerWarnings': {
    document: `{ draftFeedLayerWarnings(productSetId: "${NO_ID}", designs: [{ templateId: "${NO_ID}" }]) { checkedItems } }`,
    // B's product set through A's endpoint: refused before the designs are read.
    crossResource: async (w) =>
      refusedThroughA(
        w,
        'query($id: ID!) { draftFeedLayerWarnings(productSetId: $id, designs: [{ templateId: "' +
          NO_ID +
          '" }]) { checkedItems itemTotal } }',
        (await catalogOfB(w)).setId,
      ),
  },
  'Query.catalogRatings': {
    document: `{ catalogRatings(catalogId: "${NO_ID}") { itemCount } }`,
    crossResource: async (w) =>
      refusedThroughA(
        w,
        'query($id: ID!) { catalogRatings(catalogId: $id) { itemCount ratedCount } }',
        (await catalogOfB(w)).catalogId,
      ),
  },
});
