/**
 * The demo setup: without META_APP_ID the server mounts the fake Graph API under /_sandbox/meta/ and uses
 * it, so a fresh install connects (through the sandbox's login page) and syncs without the internet.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, describeEachDatabase, gql, twoClients, type TestApp } from './harness.js';
import { adConnections } from '../src/db/schema.js';
import { runMetaSync } from '../src/modules/performance/index.js';
import { connectThroughSandbox } from './performance/meta-world.js';

describeEachDatabase('Meta in the demo setup (sandbox) on %s', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoClients>>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { jobs: 'in-process' });
    w = await twoClients(t);
  });
  afterAll(() => t.close());

  it('connects through the sandbox login page and syncs from the bundled fake', async () => {
    const asA = (query: string, variables: Record<string, unknown> = {}) =>
      gql(t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });
    expect((await asA('{ metaIntegration { configured sandbox appId } }')).data?.metaIntegration).toEqual({
      configured: false,
      sandbox: true,
      appId: 'adloom-sandbox',
    });
    const back = await connectThroughSandbox(t, w.sessionAdminA, w.a.id);
    expect(back.searchParams.get('meta')).toBe('connected');
    const accounts = (await asA('{ metaIntegration { connection { userName accounts { externalId } } } }'))
      .data?.metaIntegration.connection;
    expect(accounts.userName).toBe('Sandy Demo');
    const picked = await asA(
      'mutation($ids: [String!]!) { selectMetaAdAccounts(externalIds: $ids, backfillDays: 7) { connection { sync { state } } error { message } } }',
      { ids: [accounts.accounts[0].externalId] },
    );
    expect(picked.data?.selectMetaAdAccounts.connection.sync.state).toBe('QUEUED');
    const [connection] = await t.deps.db
      .select()
      .from(adConnections)
      .where(eq(adConnections.clientId, w.a.id));
    expect((await runMetaSync(t.deps, connection!.id)).state).toBe('completed');
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const summary = await asA(`{ adPerformanceSummary(from: "${from}", to: "${today}") { spend currency } }`);
    expect(summary.data?.adPerformanceSummary.spend).toBeGreaterThan(0);
    expect(summary.data?.adPerformanceSummary.currency).toBe('USD');
  });
});
