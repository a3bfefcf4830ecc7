import { expect } from 'vitest';
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
});
