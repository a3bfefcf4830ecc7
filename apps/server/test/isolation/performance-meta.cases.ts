import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adAccounts } from '../../src/db/schema.js';
import { gql } from '../harness.js';
import { connectThroughSandbox } from '../performance/meta-world.js';
import { addClientCases, type World } from './cases.js';

const SELECT = `mutation($ids: [String!]!) { selectMetaAdAccounts(externalIds: $ids, backfillDays: 7) {
  connection { accounts { externalId selected } } error { code message } } }`;

addClientCases({
  'Query.metaIntegration': {
    document: '{ metaIntegration { configured sandbox connection { id status } } }',
  },
  'Mutation.startMetaConnection': {
    document: 'mutation { startMetaConnection { authorizeUrl error { code } } }',
  },
  'Mutation.selectMetaAdAccounts': {
    document:
      'mutation { selectMetaAdAccounts(externalIds: [], backfillDays: 30) { connection { id } error { code } } }',
    // B and A connect as the same (sandbox) Facebook user: A's picks never touch B's accounts, nor show them.
    crossResource: async (w: World) => {
      await connectThroughSandbox(w.t, w.sessionAdminB, w.b.id);
      const asB = await gql(w.t, {
        session: w.sessionAdminB,
        clientId: w.b.id,
        query: SELECT,
        variables: { ids: [] },
      });
      const picked = asB.data?.selectMetaAdAccounts.connection.accounts[0].externalId as string;
      await gql(w.t, {
        session: w.sessionAdminB,
        clientId: w.b.id,
        query: SELECT,
        variables: { ids: [picked] },
      });
      await connectThroughSandbox(w.t, w.sessionAdminA, w.a.id);
      const asA = await gql(w.t, {
        session: w.sessionAdminA,
        clientId: w.a.id,
        query: SELECT,
        variables: { ids: [] },
      });
      expect(
        asA.data?.selectMetaAdAccounts.connection.accounts.every((a: { selected: boolean }) => !a.selected),
      ).toBe(true);
      const [ofB] = await w.t.deps.db
        .select()
        .from(adAccounts)
        .where(and(eq(adAccounts.clientId, w.b.id), eq(adAccounts.externalId, picked)));
      expect(ofB?.syncEnabled).toBe(true);
    },
  },
  'Mutation.syncMetaNow': { document: 'mutation { syncMetaNow { connection { id } error { code } } }' },
  'Mutation.disconnectMeta': { document: 'mutation { disconnectMeta { connection { id } error { code } } }' },
});
