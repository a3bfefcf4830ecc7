import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { catalogs, feeds, productSets } from '../../src/db/schema.js';
import { recordAudit, SYSTEM_ACTOR } from '../../src/modules/audit/index.js';
import { gql } from '../harness.js';
import { addClientCases, addPublicClientArgCases, type World } from './cases.js';

const NO_ID = '00000000-0000-4000-8000-000000000000';
const asA = (w: World, query: string, variables: Record<string, unknown> = {}) =>
  gql(w.t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });

/** An audit event of client B, with a label only B may read. */
async function eventOfB(w: World) {
  await recordAudit(w.t.deps.db, SYSTEM_ACTOR, {
    clientId: w.b.id,
    action: 'feed.deleted',
    target: { kind: 'feed', id: NO_ID, label: 'B secret feed' },
  });
}

/** A feed of client B with a known export token. */
async function feedOfB(w: World) {
  const db = w.t.deps.db;
  const [catalog] = await db
    .insert(catalogs)
    .values({ clientId: w.b.id, name: 'B audit catalogue' })
    .returning();
  const [set] = await db
    .insert(productSets)
    .values({ clientId: w.b.id, catalogId: catalog!.id, name: 'B audit set', filter: {} })
    .returning();
  const [feed] = await db
    .insert(feeds)
    .values({
      clientId: w.b.id,
      productSetId: set!.id,
      name: 'B audit feed',
      exportToken: 'b-audit-token-123456',
    })
    .returning();
  return feed!;
}

addClientCases({
  'Query.auditEvents': {
    document: '{ auditEvents { total events { action targetLabel } } }',
    crossResource: async (w) => {
      await eventOfB(w);
      const res = await asA(w, '{ auditEvents(limit: 200) { events { clientId targetLabel } } }');
      const events = res.data?.auditEvents.events as { clientId: string; targetLabel: string }[];
      expect(events.every((e) => e.clientId === w.a.id)).toBe(true);
      expect(events.map((e) => e.targetLabel)).not.toContain('B secret feed');
    },
  },
  'Query.auditActions': { document: '{ auditActions { name label } }' },
  'Mutation.rotateFeedExportToken': {
    document: `mutation { rotateFeedExportToken(id: "${NO_ID}") { error { code } } }`,
    crossResource: async (w) => {
      const feed = await feedOfB(w);
      const res = await asA(
        w,
        `mutation { rotateFeedExportToken(id: "${feed.id}") { feed { id } error { code } } }`,
      );
      expect(res.data?.rotateFeedExportToken).toEqual({ feed: null, error: { code: 'NOT_FOUND' } });
      const [still] = await w.t.deps.db.select().from(feeds).where(eq(feeds.id, feed.id));
      expect(still?.exportToken).toBe('b-audit-token-123456');
    },
  },
});

addPublicClientArgCases({
  'Query.portalAuditEvents': {
    crossClient: async (w) => {
      await eventOfB(w);
      // A client's admin is not staff: the portal's log refuses them, whichever client they name.
      for (const clientId of [w.b.id, w.a.id]) {
        const res = await gql(w.t, {
          session: w.sessionAdminA,
          query: 'query($c: ID) { portalAuditEvents(clientId: $c) { total events { targetLabel } } }',
          variables: { c: clientId },
        });
        expect(res.data).toBeNull();
        expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
    },
  },
});
