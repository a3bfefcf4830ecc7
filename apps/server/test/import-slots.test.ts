/**
 * One tenant must not block everyone's imports (issue 14, item 12): several import slots, at most one
 * running import per client across processes, and a feed host below the minimum transfer rate fails its
 * import and frees its slot. Imports run through the queue as in production (the registered handler).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogImports, catalogs, type CatalogImportRow } from '../src/db/schema.js';
import { JOBS } from '../src/jobs/queue.js';
import { startRegisteredWorkers, type JobContext } from '../src/jobs/registry.js';
import { reapDeadImportJobs, startCatalogImport } from '../src/modules/catalogs/import.jobs.js';
import { IMPORT_LOST } from '../src/modules/catalogs/import/import-service.js';
import { createTestApp, describeEachDatabase, makeClient, type TestApp } from './harness.js';

const HEADER = 'id,title,price,availability,image_link\n';
const row = (id: string) => `${id},Item ${id},10.00 USD,in_stock,https://cdn.test/${id}.jpg\n`;

/** A feed host on 127.0.0.1: fixed feeds, and dripping ones that send a byte every 50 ms until let go. */
async function startFeedHost() {
  const drips = new Map<string, { release: () => void }>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    response.on('error', () => undefined);
    const path = (request.url ?? '/').split('?')[0]!;
    response.writeHead(200, { 'content-type': 'text/csv' });
    if (!path.startsWith('/drip/')) return void response.end(HEADER + row(path.slice(1)));
    response.write(HEADER);
    const timer = setInterval(() => {
      if (response.destroyed) clearInterval(timer);
      else response.write('x');
    }, 50);
    drips.set(path.slice('/drip/'.length), {
      release: () => {
        clearInterval(timer);
        response.end(`\n${row('released')}`);
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    /** Lets a dripping feed send the rest and end. */
    release: (name: string) => drips.get(name)!.release(),
    dripping: (name: string) => drips.has(name),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type FeedHost = Awaited<ReturnType<typeof startFeedHost>>;

async function importRow(t: TestApp, id: string): Promise<CatalogImportRow> {
  const [found] = await t.deps.db.select().from(catalogImports).where(eq(catalogImports.id, id));
  return found!;
}

async function untilStatus(t: TestApp, id: string, ...statuses: string[]): Promise<CatalogImportRow> {
  await expect
    .poll(async () => (await importRow(t, id)).status, { timeout: 20_000, interval: 50 })
    .toSatisfy((status: string) => statuses.includes(status));
  return importRow(t, id);
}

describeEachDatabase('import slots on %s', (kind) => {
  let host: FeedHost;

  beforeAll(async () => {
    host = await startFeedHost();
  });
  afterAll(async () => {
    await host?.close();
  });

  async function catalogOf(t: TestApp, clientId: string, feed: string) {
    const [catalog] = await t.deps.db
      .insert(catalogs)
      .values({ clientId, name: feed, sourceUrl: `${host.origin}/${feed}` })
      .returning();
    return catalog!;
  }

  describe('with two slots', () => {
    let t: TestApp;
    let ctx: JobContext;

    beforeAll(async () => {
      t = await createTestApp(kind, { IMPORT_SLOTS: '2', FETCH_ALLOW_HOSTS: '127.0.0.1' });
      ctx = t.deps;
      await startRegisteredWorkers(ctx, { only: [JOBS.importCatalog] });
    });
    afterAll(async () => {
      await t?.close();
    });

    it("runs another client's import while one client's feed drips, and never two of one client at once", async () => {
      const a = (await makeClient(t, 'Dripping')).id;
      const b = (await makeClient(t, 'Quick')).id;
      const dripping = await startCatalogImport(ctx, await catalogOf(t, a, 'drip/a1'), {});
      await untilStatus(t, dripping.id, 'running');
      await expect.poll(() => host.dripping('a1')).toBe(true);
      // The same client's other catalogue waits for the first; the other client's runs at once.
      const second = await startCatalogImport(ctx, await catalogOf(t, a, 'a2'), {});
      const other = await startCatalogImport(ctx, await catalogOf(t, b, 'b1'), {});
      expect(await untilStatus(t, other.id, 'completed', 'failed')).toMatchObject({
        status: 'completed',
        added: 1,
      });
      expect((await importRow(t, dripping.id)).status).toBe('running');
      expect((await importRow(t, second.id)).status).toBe('queued');

      host.release('a1');
      const first = await untilStatus(t, dripping.id, 'completed', 'failed');
      expect(first).toMatchObject({ status: 'completed', added: 1 });
      const next = await untilStatus(t, second.id, 'completed', 'failed');
      expect(next.status).toBe('completed');
      expect(next.startedAt!.getTime()).toBeGreaterThanOrEqual(first.finishedAt!.getTime());
    });

    it('gives a client its slot back once the import of a killed worker is reaped', async () => {
      const c = (await makeClient(t, 'Killed')).id;
      const catalog = await catalogOf(t, c, 'c1');
      // What a worker killed mid-import leaves: the import running without a heartbeat for two
      // minutes, its job active (its expiry is hours away).
      const [lost] = await t.deps.db
        .insert(catalogImports)
        .values({
          catalogId: catalog.id,
          clientId: c,
          status: 'running',
          startedAt: new Date(Date.now() - 120_000),
          heartbeatAt: new Date(Date.now() - 120_000),
        })
        .returning();
      const jobId = (await ctx.jobs.send(
        JOBS.importCatalog,
        { catalogId: catalog.id, importId: lost!.id, source: { kind: 'url', url: catalog.sourceUrl } },
        { group: c, retryLimit: 0, startAfterSeconds: 3600 },
      ))!;
      await t.deps.db.execute(
        sql`update pgboss.job set state = 'active', started_on = now(), start_after = now() where id = ${jobId}`,
      );
      const waiting = await startCatalogImport(ctx, await catalogOf(t, c, 'c2'), {});
      expect((await importRow(t, waiting.id)).status).toBe('queued');

      expect(await reapDeadImportJobs(ctx)).toEqual({ reaped: 1 });
      expect(await importRow(t, lost!.id)).toMatchObject({ status: 'failed', error: IMPORT_LOST });
      expect(await untilStatus(t, waiting.id, 'completed', 'failed')).toMatchObject({ status: 'completed' });
      expect(await ctx.jobs.getJob(JOBS.importCatalog, jobId)).toMatchObject({ state: 'failed' });
    });
  });

  describe('with one slot and a minimum rate of 1 KB per 0.2 s', () => {
    let t: TestApp;
    let ctx: JobContext;

    beforeAll(async () => {
      t = await createTestApp(kind, {
        IMPORT_SLOTS: '1',
        FETCH_ALLOW_HOSTS: '127.0.0.1',
        FEED_MIN_RATE_BYTES: '1024',
        FEED_MIN_RATE_WINDOW_MS: '200',
      });
      ctx = t.deps;
      await startRegisteredWorkers(ctx, { only: [JOBS.importCatalog] });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('fails the dripping import with the rate in its error, and the slot goes to the next client', async () => {
      const a = (await makeClient(t, 'Dripping')).id;
      const b = (await makeClient(t, 'Waiting')).id;
      const slow = await startCatalogImport(ctx, await catalogOf(t, a, 'drip/slow'), {});
      await untilStatus(t, slow.id, 'running');
      const next = await startCatalogImport(ctx, await catalogOf(t, b, 'b2'), {});
      const failed = await untilStatus(t, slow.id, 'completed', 'failed');
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(
        /^The feed host sent \d+ bytes in 0\.2 s, below the minimum transfer rate of 1 KB per 0\.2 s/,
      );
      expect(await untilStatus(t, next.id, 'completed', 'failed')).toMatchObject({ status: 'completed' });
    });
  });
});
