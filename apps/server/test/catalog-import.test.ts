import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogImports, catalogItems, catalogs } from '../src/db/schema.js';
import type { CatalogSource } from '../src/modules/catalogs/import/fetch-source.js';
import {
  type ImportProgress,
  nextImportAt,
  NO_VALID_ITEMS,
  IMPORT_IN_PROGRESS,
  IMPORT_LOST,
  queueCatalogImport,
  reapDeadImports,
  runCatalogImport,
  type RunCatalogImportOptions,
} from '../src/modules/catalogs/import/import-service.js';
import { createJobQueue } from '../src/jobs/queue.js';
import { createTestApp, describeEachDatabase, makeClient, type TestApp } from './harness.js';

type Route = (request: IncomingMessage, response: ServerResponse) => void;

/** A feed host on 127.0.0.1 answering the given paths. */
async function startFeedHost(
  routes: Record<string, Route>,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    // The importer hangs up on purpose (byte cap, idle timeout): a write after that is no test failure.
    response.on('error', () => undefined);
    const route = routes[(request.url ?? '/').split('?')[0]!];
    if (!route) return void response.writeHead(404, 'Not Found').end('no such feed');
    route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const HEADER = 'id,title,price,availability,image_link,colour\n';
const row = (id: string, title: string, price = '10.00 USD') =>
  `${id},${title},${price},in_stock,https://cdn.test/${id}.jpg,red\n`;

function rss(items: string[]): string {
  return `<?xml version="1.0"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\n${items.join('\n')}\n</channel></rss>\n`;
}
const rssItem = (id: number) =>
  `<item><g:id>P${id}</g:id><g:title>Product ${id}</g:title><g:price>${id}.00 USD</g:price></item>`;

describeEachDatabase('catalogue import on %s', (kind) => {
  let t: TestApp;
  let clientId: string;
  let host: Awaited<ReturnType<typeof startFeedHost>>;
  let fileSeq = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    clientId = (await makeClient(t)).id;
    host = await startFeedHost({
      '/feed.csv': (_req, res) =>
        res.writeHead(200, { 'content-type': 'text/csv' }).end(HEADER + row('U1', 'From URL')),
      '/feed.xml.gz': (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'application/gzip' })
          .end(gzipSync(rss([rssItem(1), rssItem(2)]))),
      '/encoded.xml': (_req, res) =>
        res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(rss([rssItem(3)]))),
      '/moved': (_req, res) => res.writeHead(302, { location: '/feed.csv' }).end(),
      '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
      '/to-ftp': (_req, res) => res.writeHead(301, { location: 'ftp://feeds.test/a.csv' }).end(),
      '/cut': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/csv', 'content-length': 100_000 });
        res.write(HEADER + row('C1', 'Cut short'), () => setTimeout(() => res.destroy(), 50));
      },
      '/stalls': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write(HEADER + row('S1', 'Before the stall'));
        // ...and then nothing, with the connection open.
      },
      '/silent': () => undefined,
      '/drips': (_req, res) => {
        // A byte every 20 ms, without end: the host is there, only too slow.
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write(HEADER);
        const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write('D')), 20);
      },
      '/trickles': (_req, res) => {
        // A row every 30 ms, 20 rows: slow, but above a minimum of 100 bytes per 0.3 s.
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write(HEADER);
        let n = 0;
        const trickle = setInterval(() => {
          n += 1;
          if (!res.destroyed) res.write(row(`T${n}`, 'Trickled'));
          if (n === 20 || res.destroyed) {
            clearInterval(trickle);
            res.end();
          }
        }, 30);
      },
      '/endless': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write(HEADER);
        let n = 0;
        const more = () => {
          while (!res.destroyed && res.write(row(`E${(n += 1)}`, 'Endless'.padEnd(200, '.')))) {
            if (n % 1000 === 0) return void setImmediate(more);
          }
          if (!res.destroyed) res.once('drain', more);
        };
        more();
      },
    });
  });

  afterAll(async () => {
    await host?.close();
    await t?.close();
  });

  async function newCatalog(columnMapping: Record<string, string> = {}) {
    const [catalog] = await t.deps.db
      .insert(catalogs)
      .values({ clientId, name: 'Shop', columnMapping })
      .returning();
    return catalog!;
  }

  async function storeFile(body: string | Buffer): Promise<CatalogSource> {
    const key = `clients/${clientId}/catalog-feeds/feed-${(fileSeq += 1)}`;
    await t.deps.files.put(key, Buffer.isBuffer(body) ? body : Buffer.from(body));
    return { kind: 'file', key };
  }

  async function runImport(
    catalogId: string,
    source: CatalogSource,
    extra: Partial<RunCatalogImportOptions> = {},
  ) {
    const queued = await queueCatalogImport(t.deps.db, catalogId);
    return runCatalogImport(t.deps, { catalogId, importId: queued.id, source, ...extra });
  }

  async function itemsOf(importId: string) {
    return t.deps.db
      .select()
      .from(catalogItems)
      .where(eq(catalogItems.importId, importId))
      .orderBy(asc(catalogItems.itemId));
  }

  async function currentImportOf(catalogId: string) {
    const [row] = await t.deps.db.select().from(catalogs).where(eq(catalogs.id, catalogId));
    return row!.currentImportId;
  }

  it('imports a first file: every valid item added, rejected rows reported, the import made current', async () => {
    const catalog = await newCatalog();
    const csv =
      HEADER +
      row('A', 'Alpha', '15.00 USD') +
      row('B', 'Bravo') +
      'C,Charlie,10 USD,in stock,x.jpg,red,EXTRA\n' +
      row('D', 'Delta', '-1 USD') +
      row('', 'No id') +
      row('A', 'Alpha again') +
      row('E', 'Echo');
    const progress: ImportProgress[] = [];
    const result = await runImport(catalog.id, await storeFile(csv), {
      batchSize: 2,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toMatchObject({
      status: 'completed',
      format: 'csv',
      rowsRead: 7,
      added: 3,
      updated: 0,
      removed: 0,
      unchanged: 0,
      rejectedCount: 4,
      unknownColumns: ['colour'],
      error: null,
    });
    expect(result.rejected).toEqual([
      { row: 3, id: null, reason: 'Malformed row: 7 columns where the header has 6 (line 4)' },
      { row: 4, id: 'D', reason: 'Invalid price “-1 USD” in column price: a price cannot be negative' },
      { row: 5, id: null, reason: 'Missing id' },
      { row: 6, id: 'A', reason: 'Duplicate id A (first seen at row 1)' },
    ]);
    expect(result.startedAt).toBeInstanceOf(Date);
    expect(result.finishedAt).toBeInstanceOf(Date);
    expect(await currentImportOf(catalog.id)).toBe(result.id);
    const items = await itemsOf(result.id);
    expect(items.map((i) => i.itemId)).toEqual(['A', 'B', 'E']);
    expect(items[0]).toMatchObject({
      catalogId: catalog.id,
      title: 'Alpha',
      priceAmount: 1500,
      currency: 'USD',
      availability: 'in stock',
      imageLink: 'https://cdn.test/A.jpg',
      extra: { colour: 'red' },
    });
    expect(items[0]!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toMatchObject({ rowsRead: 7, totalBytes: Buffer.byteLength(csv) });
    await expect(
      runCatalogImport(t.deps, {
        catalogId: catalog.id,
        importId: result.id,
        source: { kind: 'file', key: 'x' },
      }),
    ).rejects.toThrow('is not queued');
  });

  it('keeps a row with characters XML cannot hold, without them, and reports a warning per column', async () => {
    const catalog = await newCatalog();
    const csv =
      'id,title,description,price\n' +
      'V1,Trail\u000bshoe,"Light\u000bweight\u0001, grippy",10.00 USD\n' +
      'V2,Road shoe,Plain,-1 USD\n';
    const result = await runImport(catalog.id, await storeFile(csv));
    expect(result).toMatchObject({ status: 'completed', added: 1, rejectedCount: 1 });
    expect(result.rejected).toEqual([
      { row: 2, id: 'V2', reason: 'Invalid price “-1 USD” in column price: a price cannot be negative' },
      {
        kind: 'warning',
        row: 1,
        id: 'V1',
        column: 'title',
        reason: 'Removed a character XML cannot hold (U+000B) from column title; the row is kept',
      },
      {
        kind: 'warning',
        row: 1,
        id: 'V1',
        column: 'description',
        reason:
          'Removed characters XML cannot hold (U+000B, U+0001) from column description; the row is kept',
      },
    ]);
    expect(await itemsOf(result.id)).toMatchObject([
      { itemId: 'V1', title: 'Trailshoe', description: 'Lightweight, grippy' },
    ]);

    // An XML feed with a raw control character is read on, not refused as ill-formed.
    const xml = await runImport(
      catalog.id,
      await storeFile(
        rss(['<item><g:id>X1</g:id><g:title>Trail\u000bshoe</g:title><g:price>5 USD</g:price></item>']),
      ),
    );
    expect(xml).toMatchObject({
      status: 'completed',
      rejected: [{ kind: 'warning', row: 1, id: 'X1', column: 'g:title' }],
    });
    expect(await itemsOf(xml.id)).toMatchObject([{ itemId: 'X1', title: 'Trailshoe' }]);
  });

  it('reports image hosts the server may not fetch from, with their items and the setting that allows them', async () => {
    const catalog = await newCatalog();
    const csv =
      'id,title,price,image_link,additional_image_link\n' +
      'H1,One,1.00 USD,http://127.0.0.1:9/a.jpg,"http://127.0.0.1:9/b.jpg,https://shop.test/b.jpg"\n' +
      'H2,Two,1.00 USD,https://cdn.local/2.jpg,\n' +
      'H3,Three,1.00 USD,https://shop.test/3.jpg,\n' +
      'H4,Four,1.00 USD,http://127.0.0.1:9/4.jpg,\n' +
      'H5,Five,1.00 USD,https://allowed.local/5.jpg,\n';
    const asked: string[] = [];
    const addresses: Record<string, string> = {
      'cdn.local': '10.1.2.3',
      'shop.test': '93.184.215.14',
      'allowed.local': '10.0.0.9',
    };
    const result = await runImport(catalog.id, await storeFile(csv), {
      fetch: {
        allowHosts: ['allowed.local'],
        lookup: async (hostname) => {
          asked.push(hostname);
          return [{ address: addresses[hostname]!, family: 4 }];
        },
      },
    });
    // The items are kept: only their ads would miss those images.
    expect(result).toMatchObject({ status: 'completed', added: 5, rejectedCount: 0 });
    const rule = 'server-side image fetches may reach private networks only for allow-listed hosts';
    expect(result.rejected).toEqual([
      {
        kind: 'imageHost',
        host: '127.0.0.1:9',
        items: 2,
        reason: `The server may not fetch images from 127.0.0.1:9 (2 items): host 127.0.0.1 is a loopback address; ${rule}. Allow it with the setting FETCH_ALLOW_HOSTS.`,
      },
      {
        kind: 'imageHost',
        host: 'cdn.local',
        items: 1,
        reason: `The server may not fetch images from cdn.local (1 item): host cdn.local resolves to 10.1.2.3, a private address; ${rule}. Allow it with the setting FETCH_ALLOW_HOSTS.`,
      },
    ]);
    // One lookup per distinct host name; none for an IP address or an allow-listed host; nothing fetched.
    expect(asked.sort()).toEqual(['cdn.local', 'shop.test']);
  });

  it('compares a second import with the current one: added, updated, removed and unchanged exactly', async () => {
    const catalog = await newCatalog();
    const first = await runImport(
      catalog.id,
      await storeFile(HEADER + ['A', 'B', 'C', 'D', 'E'].map((id) => row(id, `Item ${id}`)).join('')),
    );
    expect(first).toMatchObject({ status: 'completed', added: 5 });
    // B is gone, C and E changed (title, an extra field), F and G are new, A and D stay the same.
    const second = await runImport(
      catalog.id,
      await storeFile(
        HEADER +
          row('A', 'Item A') +
          row('C', 'Item C renamed') +
          row('D', 'Item D') +
          row('E', 'Item E').replace(',red', ',blue') +
          row('F', 'Item F') +
          row('G', 'Item G'),
      ),
    );
    expect(second).toMatchObject({ status: 'completed', added: 2, updated: 2, removed: 1, unchanged: 2 });
    expect(await currentImportOf(catalog.id)).toBe(second.id);
    expect((await itemsOf(second.id)).map((i) => i.itemId)).toEqual(['A', 'C', 'D', 'E', 'F', 'G']);
    // The replaced import stays in the history, without its items.
    expect(await itemsOf(first.id)).toEqual([]);
    const [old] = await t.deps.db.select().from(catalogImports).where(eq(catalogImports.id, first.id));
    expect(old).toMatchObject({ status: 'completed', added: 5 });
  });

  it('leaves the catalogue as it was when an import fails midway (broken XML after several batches)', async () => {
    const catalog = await newCatalog();
    const good = await runImport(catalog.id, await storeFile(rss([1, 2, 3].map(rssItem))));
    expect(good).toMatchObject({ status: 'completed', format: 'rss', added: 3 });
    const before = await itemsOf(good.id);

    const items = Array.from({ length: 3000 }, (_, i) => rssItem(i + 1));
    // Broken between items (a malformed item alone is skipped): the feed cannot be read on.
    items[2500] = '<!-- two -- dashes -->';
    const failed = await runImport(catalog.id, await storeFile(rss(items)), { batchSize: 500 });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^The feed is not well-formed XML: .* \(line 2503\)$/);
    expect(failed.rowsRead).toBe(2500);
    expect(failed.finishedAt).toBeInstanceOf(Date);
    expect(await itemsOf(failed.id)).toEqual([]);
    expect(await currentImportOf(catalog.id)).toBe(good.id);
    expect(await itemsOf(good.id)).toEqual(before);

    // The next good import compares with the import before the failed one.
    const next = await runImport(catalog.id, await storeFile(rss([1, 2, 4].map(rssItem))));
    expect(next).toMatchObject({ status: 'completed', added: 1, removed: 1, unchanged: 2, updated: 0 });
  });

  it('fails an import with no valid item and keeps the previous catalogue', async () => {
    const catalog = await newCatalog();
    const good = await runImport(catalog.id, await storeFile(HEADER + row('A', 'Alpha')));
    const empty = await runImport(
      catalog.id,
      await storeFile(HEADER + row('', 'No id') + row('B', 'Bad', 'free')),
    );
    expect(empty).toMatchObject({ status: 'failed', error: NO_VALID_ITEMS, rowsRead: 2, rejectedCount: 2 });
    expect(await currentImportOf(catalog.id)).toBe(good.id);
    expect(await itemsOf(good.id)).toHaveLength(1);
    const nothing = await runImport(catalog.id, await storeFile(''));
    expect(nothing).toMatchObject({ status: 'failed', error: NO_VALID_ITEMS, rowsRead: 0 });
  });

  it('runs one import of a catalogue at a time: another waits until the first has ended', async () => {
    const catalog = await newCatalog();
    const first = await queueCatalogImport(t.deps.db, catalog.id);
    await expect(queueCatalogImport(t.deps.db, catalog.id)).rejects.toMatchObject({
      code: 'IMPORT_IN_PROGRESS',
      message: IMPORT_IN_PROGRESS,
    });
    // Two at the same moment while none is active: exactly one is queued.
    const other = await newCatalog();
    const both = await Promise.allSettled([
      queueCatalogImport(t.deps.db, other.id),
      queueCatalogImport(t.deps.db, other.id),
    ]);
    expect(both.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    // Another catalogue is not held up, and the first one takes a new import once this one has ended.
    const done = await runCatalogImport(t.deps, {
      catalogId: catalog.id,
      importId: first.id,
      source: await storeFile(HEADER + row('A', 'Alpha')),
    });
    expect(done.status).toBe('completed');
    const again = await runImport(catalog.id, await storeFile(HEADER + row('A', 'Alpha')));
    expect(again).toMatchObject({ status: 'completed', unchanged: 1 });
  });

  it('frees the catalogue of an import whose process died: no heartbeat for a minute and it fails cleanly', async () => {
    const catalog = await newCatalog();
    const dead = await queueCatalogImport(t.deps.db, catalog.id);
    // As a process killed with SIGKILL leaves it: running, its last heartbeat two minutes old.
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.deps.db
      .update(catalogImports)
      .set({ status: 'running', startedAt: twoMinutesAgo, heartbeatAt: twoMinutesAgo })
      .where(eq(catalogImports.id, dead.id));
    const alive = await newCatalog();
    const live = await queueCatalogImport(t.deps.db, alive.id);
    await t.deps.db
      .update(catalogImports)
      .set({ status: 'running', startedAt: twoMinutesAgo, heartbeatAt: new Date() })
      .where(eq(catalogImports.id, live.id));
    await expect(queueCatalogImport(t.deps.db, catalog.id)).rejects.toMatchObject({
      code: 'IMPORT_IN_PROGRESS',
    });

    expect(await reapDeadImports(t.deps.db)).toEqual([dead.id]);
    const [reaped] = await t.deps.db.select().from(catalogImports).where(eq(catalogImports.id, dead.id));
    expect(reaped).toMatchObject({ status: 'failed', error: IMPORT_LOST });
    // The catalogue takes a new import at once; the live one is untouched.
    expect(await runImport(catalog.id, await storeFile(HEADER + row('R1', 'Revived')))).toMatchObject({
      status: 'completed',
    });
    const [still] = await t.deps.db.select().from(catalogImports).where(eq(catalogImports.id, live.id));
    expect(still!.status).toBe('running');
  });

  it('puts an import back in the queue when its worker stops, to run again from the start', async () => {
    const catalog = await newCatalog();
    const queued = await queueCatalogImport(t.deps.db, catalog.id);
    const queue = createJobQueue(t.deps.database, {
      schema: `import_stop_${kind}`,
      pollingIntervalMs: 50,
      log: { info() {}, warn() {}, error() {} },
    });
    const name = 'import-stop-test';
    await queue.work<{ importId: string }>(name, {}, (job) =>
      runCatalogImport(t.deps, {
        catalogId: catalog.id,
        importId: job.data.importId,
        // The host sends a row, then nothing: the import is under way when the worker stops.
        source: { kind: 'url', url: `${host.origin}/stalls` },
        fetch: { allowHosts: ['127.0.0.1'] },
        signal: job.signal,
      }).then(() => undefined),
    );
    const jobId = (await queue.send(name, { importId: queued.id }, { retryLimit: 0 }))!;
    await expect
      .poll(
        async () =>
          (await t.deps.db.select().from(catalogImports).where(eq(catalogImports.id, queued.id)))[0]!.status,
      )
      .toBe('running');
    await queue.stop({ graceful: false });
    const [back] = await t.deps.db.select().from(catalogImports).where(eq(catalogImports.id, queued.id));
    expect(back).toMatchObject({ status: 'queued', startedAt: null, rowsRead: 0 });
    expect(await itemsOf(queued.id)).toEqual([]);
    const other = createJobQueue(t.deps.database, {
      schema: `import_stop_${kind}`,
      log: { info() {}, warn() {}, error() {} },
    });
    expect(await other.getJob(name, jobId)).toMatchObject({ state: 'created', retryCount: 0 });
    await other.stop();
  });

  it('applies the catalogue’s column mapping', async () => {
    const catalog = await newCatalog({ Name: 'title', Cost: 'price', color: 'ignore' });
    const result = await runImport(
      catalog.id,
      await storeFile('sku;Name;Cost;color;id\nS1;Shirt;15,00 EUR;red;1\n'),
    );
    expect(result).toMatchObject({ status: 'completed', unknownColumns: ['sku'] });
    expect((await itemsOf(result.id))[0]).toMatchObject({
      itemId: '1',
      title: 'Shirt',
      priceAmount: 1500,
      currency: 'EUR',
      extra: { sku: 'S1' },
    });
  });

  it('fails when the uploaded file is missing', async () => {
    const catalog = await newCatalog();
    const result = await runImport(catalog.id, {
      kind: 'file',
      key: `clients/${clientId}/catalog-feeds/none`,
    });
    expect(result).toMatchObject({
      status: 'failed',
      error: 'The uploaded feed file was not found; upload it again',
    });
  });

  describe('from a URL', () => {
    const local = { allowHosts: ['127.0.0.1'] };

    it('imports CSV, a .gz file and a gzip-encoded answer, following a redirect', async () => {
      const catalog = await newCatalog();
      const csv = await runImport(catalog.id, { kind: 'url', url: `${host.origin}/moved` }, { fetch: local });
      expect(csv).toMatchObject({ status: 'completed', format: 'csv', added: 1 });
      expect((await itemsOf(csv.id))[0]).toMatchObject({ itemId: 'U1', title: 'From URL' });
      const gz = await runImport(
        catalog.id,
        { kind: 'url', url: `${host.origin}/feed.xml.gz` },
        { fetch: local },
      );
      expect(gz).toMatchObject({ status: 'completed', format: 'rss', added: 2, removed: 1 });
      const encoded = await runImport(
        catalog.id,
        { kind: 'url', url: `${host.origin}/encoded.xml` },
        { fetch: local },
      );
      expect(encoded).toMatchObject({ status: 'completed', added: 1, removed: 2 });
    });

    it('refuses a private address unless it is allow-listed', async () => {
      const catalog = await newCatalog();
      const result = await runImport(catalog.id, { kind: 'url', url: `${host.origin}/feed.csv` });
      expect(result.status).toBe('failed');
      expect(result.error).toBe(
        `Feed ${host.origin}/feed.csv is refused: host 127.0.0.1 is a loopback address; catalogue imports may reach private networks only for allow-listed hosts`,
      );
      expect(await currentImportOf(catalog.id)).toBeNull();
    });

    it('cuts off a host that stops sending', async () => {
      const catalog = await newCatalog();
      const good = await runImport(
        catalog.id,
        { kind: 'url', url: `${host.origin}/feed.csv` },
        { fetch: local },
      );
      const started = Date.now();
      const result = await runImport(
        catalog.id,
        { kind: 'url', url: `${host.origin}/stalls` },
        { fetch: { ...local, idleTimeoutMs: 300 } },
      );
      expect(result).toMatchObject({
        status: 'failed',
        error: 'The feed host stopped sending data for 0.3 s',
      });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await currentImportOf(catalog.id)).toBe(good.id);
    });

    it('cuts off a host that sends slower than the minimum rate, after its first window', async () => {
      const catalog = await newCatalog();
      const result = await runImport(
        catalog.id,
        { kind: 'url', url: `${host.origin}/drips` },
        { fetch: { ...local, minRateBytes: 1024, minRateWindowMs: 300 } },
      );
      expect(result.status).toBe('failed');
      expect(result.error).toMatch(
        /^The feed host sent \d+ bytes in 0\.3 s, below the minimum transfer rate of 1 KB per 0\.3 s; ask the feed's host to serve it faster, or upload the file instead$/,
      );
      expect(await currentImportOf(catalog.id)).toBeNull();
      // A slow host above the minimum is read to its end.
      const slowButFine = await runImport(
        catalog.id,
        { kind: 'url', url: `${host.origin}/trickles` },
        { fetch: { ...local, minRateBytes: 100, minRateWindowMs: 300 } },
      );
      expect(slowButFine).toMatchObject({ status: 'completed', added: 20 });
    });

    it('cuts off a host that never answers', async () => {
      const catalog = await newCatalog();
      const result = await runImport(
        catalog.id,
        { kind: 'url', url: `${host.origin}/silent` },
        { fetch: { ...local, connectTimeoutMs: 300 } },
      );
      expect(result).toMatchObject({ status: 'failed', error: 'The feed host did not answer within 0.3 s' });
    });

    it('cuts off a host that sends without end', async () => {
      const catalog = await newCatalog();
      const result = await runImport(
        catalog.id,
        { kind: 'url', url: `${host.origin}/endless` },
        { fetch: { ...local, maxBytes: 1024 * 1024 } },
      );
      expect(result).toMatchObject({ status: 'failed', error: 'The feed is larger than 1 MB' });
      expect(result.rowsRead).toBeGreaterThan(1000);
      expect(await itemsOf(result.id)).toEqual([]);
    });

    it('reports HTTP errors, bad redirects and a connection cut short', async () => {
      const catalog = await newCatalog();
      const missing = await runImport(
        catalog.id,
        { kind: 'url', url: `${host.origin}/gone` },
        { fetch: local },
      );
      expect(missing.error).toBe('The feed was not found at its URL (HTTP 404 Not Found)');
      const loop = await runImport(catalog.id, { kind: 'url', url: `${host.origin}/loop` }, { fetch: local });
      expect(loop.error).toBe('The feed URL redirected more than 5 times');
      const ftp = await runImport(
        catalog.id,
        { kind: 'url', url: 'ftp://feeds.test/a.csv' },
        { fetch: local },
      );
      expect(ftp.error).toBe('The feed URL must start with http:// or https:// (it is ftp:)');
      const toFtp = await runImport(
        catalog.id,
        { kind: 'url', url: `${host.origin}/to-ftp` },
        { fetch: local },
      );
      expect(toFtp.error).toBe('The feed URL redirected to ftp: (only http:// and https:// are followed)');
      const cut = await runImport(catalog.id, { kind: 'url', url: `${host.origin}/cut` }, { fetch: local });
      expect(cut).toMatchObject({
        status: 'failed',
        error: 'The feed host closed the connection before the end of the feed; try again later',
      });
      expect(await currentImportOf(catalog.id)).toBeNull();
    });
  });
});

describe('schedules', () => {
  it('computes the next import time', () => {
    const from = new Date('2025-01-01T10:00:00Z');
    expect(nextImportAt('none', from)).toBeNull();
    expect(nextImportAt('hourly', from)).toEqual(new Date('2025-01-01T11:00:00Z'));
    expect(nextImportAt('daily', from)).toEqual(new Date('2025-01-02T10:00:00Z'));
    expect(nextImportAt('weekly', from)).toEqual(new Date('2025-01-08T10:00:00Z'));
  });
});
