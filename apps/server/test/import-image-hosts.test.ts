/**
 * Issue 16, item 10, through the API: a catalogue whose images sit on hosts the server may not fetch
 * from says so in its import report, with the setting that allows them, when it is imported.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRegisteredWorkers } from '../src/jobs/registry.js';
import { until } from './fixtures/feed-hosts.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  makeUser,
  PASSWORD,
  signIn,
  type TestApp,
} from './harness.js';

describeEachDatabase('image hosts in the import report on %s', (kind) => {
  let t: TestApp;
  let clientId: string;
  let session: Awaited<ReturnType<typeof signIn>>;
  const call = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session, clientId, query, variables });

  beforeAll(async () => {
    // 127.0.0.1 is allowed (any port); 127.0.0.2 and localhost are not.
    t = await createTestApp(kind, { FETCH_ALLOW_HOSTS: '127.0.0.1', JOB_POLLING_INTERVAL_MS: '200' });
    await startRegisteredWorkers(t.deps);
    clientId = (await makeClient(t, 'Hosts Co')).id;
    const user = await makeUser(t, { clientId, isAdmin: true });
    session = await signIn(t, user.email, PASSWORD);
  }, 60_000);
  afterAll(() => t?.close());

  it('names each refused host with its items and FETCH_ALLOW_HOSTS; allowed hosts are not named', async () => {
    const csv = [
      'id,title,price,image_link',
      'A,Allowed,1.00 USD,http://127.0.0.1:7001/a.jpg',
      'B,Other loopback,1.00 USD,http://127.0.0.2:7001/b.jpg',
      'C,Local name,1.00 USD,http://localhost:7001/c.jpg',
      'D,Local name again,1.00 USD,http://localhost:7001/d.jpg',
    ].join('\n');
    const key = `clients/${clientId}/catalog-files/${randomUUID()}/hosts.csv`;
    await t.deps.files.put(key, Buffer.from(csv), { contentType: 'text/csv' });
    const created = await call(
      'mutation($key: String!) { createCatalog(name: "Hosts", uploadKey: $key) { catalog { id } error { message } } }',
      { key },
    );
    expect(created.data?.createCatalog.error).toBeNull();
    const report = await until(
      async () =>
        (
          await call(
            'query($id: ID!) { catalog(id: $id) { imports { status added rejected { row } warnings { row } imageHostWarnings { host itemCount message } } } }',
            { id: created.data?.createCatalog.catalog.id },
          )
        ).data?.catalog.imports[0],
      (i) => ['completed', 'failed'].includes(i?.status),
      'the import',
    );
    expect(report).toMatchObject({ status: 'completed', added: 4, rejected: [], warnings: [] });
    expect(report.imageHostWarnings).toEqual([
      { host: 'localhost:7001', itemCount: 2, message: expect.stringContaining('localhost resolves to') },
      { host: '127.0.0.2:7001', itemCount: 1, message: expect.stringContaining('a loopback address') },
    ]);
    for (const warning of report.imageHostWarnings as { host: string; message: string }[])
      expect(warning.message).toMatch(
        new RegExp(
          `^The server may not fetch images from ${warning.host} .*Allow it with the setting FETCH_ALLOW_HOSTS\\.$`,
        ),
      );
  });
});
