import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows.js';
import { ensureDemoData } from '../../src/modules/performance/index.js';
import { gql } from '../harness.js';
import { addClientCases, type World } from './cases.js';

/** The ids of a client's demo account and ads (changed by a reset). */
async function demoIds(w: World, clientId: string) {
  return rowsOf<{ id: string }>(
    await w.t.deps.db.execute(sql`
      select a.id::text from ads a join ad_accounts acc on acc.id = a.account_id
      where acc.client_id = ${clientId} and acc.source = 'demo' order by a.external_id`),
  ).map((r) => r.id);
}

addClientCases({
  'Query.demoPerformanceData': {
    document: '{ demoPerformanceData { exists ads } }',
    crossResource: async (w) => {
      // B has a demo data set, A none: A's endpoint answers about A only.
      await ensureDemoData(w.t.deps.db, w.b.id, '2026-03-01');
      const res = await gql(w.t, {
        session: w.sessionAdminA,
        clientId: w.a.id,
        query: '{ demoPerformanceData { exists firstDay lastDay ads } }',
      });
      expect(res.data?.demoPerformanceData).toEqual({ exists: false, firstDay: null, lastDay: null, ads: 0 });
    },
  },
  'Mutation.resetDemoPerformanceData': {
    document: 'mutation { resetDemoPerformanceData { data { exists } error { message } } }',
    crossResource: async (w) => {
      // A's reset rebuilds A's data set only: B's keeps its ids and its days.
      await ensureDemoData(w.t.deps.db, w.b.id, '2026-03-01');
      const before = await demoIds(w, w.b.id);
      const res = await gql(w.t, {
        session: w.sessionAdminA,
        clientId: w.a.id,
        query: 'mutation { resetDemoPerformanceData { data { exists ads } error { message } } }',
      });
      expect(res.data?.resetDemoPerformanceData).toEqual({ data: { exists: true, ads: 60 }, error: null });
      expect(await demoIds(w, w.b.id)).toEqual(before);
      const [range] = rowsOf<{ last: string }>(
        await w.t.deps.db.execute(sql`
          select max(r.day)::text as last from ad_insights_campaign_daily r
          join ad_accounts acc on acc.id = r.account_id where acc.client_id = ${w.b.id} and acc.source = 'demo'`),
      );
      expect(range!.last).toBe('2026-02-28');
    },
  },
});
