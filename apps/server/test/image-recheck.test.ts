/**
 * Pictures changed behind an unchanged URL (issue 20, part 3): the image recheck asks each image's server
 * with the validators its ad was made with, politely, and queues exactly the ads whose image now has
 * other bytes. Against a local HTTP server answering for several host names (a resolver maps them to
 * 127.0.0.1), which counts requests per host and how many are in flight. Waits between requests (the gap,
 * Retry-After) run on a virtual clock; nothing sleeps.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostLookup } from '@adloom/net';
import { fetchImageIfChanged } from '@adloom/renderer/images';
import {
  catalogImports,
  catalogItems,
  catalogs,
  feedCreatives,
  feedDesigns,
  feeds,
  productSets,
  templates,
  templateVersions,
} from '../src/db/schema.js';
import { JOBS } from '../src/jobs/queue.js';
import { generateCreative, type GenerateOptions } from '../src/modules/feeds/generation/generate.js';
import {
  planImageRechecks,
  RECHECK_IMAGES,
  recheckImages,
  type RecheckJob,
} from '../src/modules/feeds/image-recheck/image-recheck.jobs.js';
import { runPolitely, type PoolClock } from '../src/modules/feeds/image-recheck/polite-pool.js';
import { recheckImage, type RecheckTarget } from '../src/modules/feeds/image-recheck/recheck-image.js';
import { analyseTemplate } from '../src/modules/templates/template-analysis.js';
import { until } from './fixtures/feed-hosts.js';
import { builderSvg } from './fixtures/templates.js';
import { createTestApp, describeEachDatabase, makeClient, type TestApp } from './harness.js';

const HOSTS = ['a.test', 'b.test', 'c.test'];
const lookup: HostLookup = async () => [{ address: '127.0.0.1', family: 4 }];
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Generation's own image fetch, with the test resolver. */
const generation: GenerateOptions = {
  images: { allowHosts: HOSTS },
  loadImage: (url, limits, known) => fetchImageIfChanged(url, known, { ...limits, lookup }),
};

interface Picture {
  bytes: Buffer;
  etag: string;
  /** Answers 200 with the bytes whatever the validators say (a server without conditional requests). */
  ignoresValidators?: boolean;
  /** Answers these statuses first (with their Retry-After), one per request, then as usual. */
  refusals?: { status: number; retryAfter: string }[];
}

/** One server for every host name: pictures by host and path, requests counted per host. */
async function startPictureServer() {
  const pictures = new Map<string, Picture>();
  const requests: { host: string; path: string; conditional: boolean }[] = [];
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  let total = 0;
  let maxTotal = 0;
  /** When set, answers wait until it says they may go (see the limits test). */
  let hold: (() => boolean) | undefined;
  let held: (() => void)[] = [];
  const release = () => {
    if (!hold?.()) return;
    const go = held;
    held = [];
    for (const answer of go) answer();
  };
  const answer = (request: IncomingMessage, response: ServerResponse, host: string) => {
    const picture = pictures.get(`${host}${request.url}`);
    const done = () => {
      inFlight.set(host, inFlight.get(host)! - 1);
      total -= 1;
    };
    response.on('close', done);
    if (!picture) return response.writeHead(404).end();
    const refusal = picture.refusals?.shift();
    if (refusal) return response.writeHead(refusal.status, { 'retry-after': refusal.retryAfter }).end();
    if (!picture.ignoresValidators && request.headers['if-none-match'] === picture.etag)
      return response.writeHead(304, { etag: picture.etag }).end();
    response.writeHead(200, { 'content-type': 'image/png', etag: picture.etag }).end(picture.bytes);
  };
  const server = createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    requests.push({ host, path: request.url ?? '', conditional: 'if-none-match' in request.headers });
    inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
    maxInFlight.set(host, Math.max(maxInFlight.get(host) ?? 0, inFlight.get(host)!));
    total += 1;
    maxTotal = Math.max(maxTotal, total);
    if (!hold) return answer(request, response, host);
    held.push(() => answer(request, response, host));
    release();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (host: string, path: string) => `http://${host}:${port}${path}`,
    put(host: string, path: string, picture: Picture) {
      pictures.set(`${host}${path}`, picture);
    },
    requests,
    requestsTo: (host: string) => requests.filter((request) => request.host === host).length,
    inFlight: (host: string) => inFlight.get(host) ?? 0,
    maxInFlight: (host: string) => maxInFlight.get(host) ?? 0,
    total: () => total,
    maxTotal: () => maxTotal,
    holdUntil(condition: (() => boolean) | undefined) {
      hold = condition;
    },
    reset() {
      requests.length = 0;
      maxInFlight.clear();
      maxTotal = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type PictureServer = Awaited<ReturnType<typeof startPictureServer>>;

/** Virtual time: a wait ends on the next turn of the event loop, with the clock moved on by its length. */
function virtualClock(): PoolClock {
  let now = 0;
  return {
    now: () => now,
    sleep: (ms) =>
      new Promise((resolve) => {
        const until = now + ms;
        setImmediate(() => {
          now = Math.max(now, until);
          resolve();
        });
      }),
  };
}

const png = (color: string) =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('rechecking images politely', () => {
  let server: PictureServer;
  let blue: Buffer;
  const target = (host: string, path: string): RecheckTarget => ({
    url: server.url(host, path),
    hash: sha256(blue),
    etag: '"blue"',
  });
  const check = (image: RecheckTarget) => recheckImage(image, { allowHosts: HOSTS, lookup });

  beforeAll(async () => {
    server = await startPictureServer();
    blue = await png('#2050c0');
  });
  afterAll(() => server?.close());

  it('answers unchanged for a 304 or the same bytes, changed for other bytes, and asks with the validators', async () => {
    const red = await png('#c02020');
    server.put('a.test', '/same.png', { bytes: blue, etag: '"blue"' });
    server.put('a.test', '/ignores.png', { bytes: blue, etag: '"other"', ignoresValidators: true });
    server.put('a.test', '/changed.png', { bytes: red, etag: '"red"' });
    server.reset();
    expect(await check(target('a.test', '/same.png'))).toEqual({ kind: 'unchanged' });
    expect(await check(target('a.test', '/ignores.png'))).toEqual({ kind: 'unchanged' });
    expect(await check(target('a.test', '/changed.png'))).toEqual({ kind: 'changed', hash: sha256(red) });
    expect(await check(target('a.test', '/missing.png'))).toEqual({ kind: 'failed', reason: 'HTTP 404' });
    expect(server.requests.every((request) => request.conditional)).toBe(true);
    // A host on a private address that is not allowed is refused without a request.
    const refused = await recheckImage(target('a.test', '/same.png'), { allowHosts: [], lookup });
    expect(refused).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/loopback/) });
    expect(server.requests).toHaveLength(4);
  });

  it('keeps to the limits: at most perHost at once to a host and concurrency in all, and uses them', async () => {
    const counts = { 'a.test': 6, 'b.test': 1, 'c.test': 3 };
    const images = Object.entries(counts).flatMap(([host, count]) =>
      Array.from({ length: count }, (_, index) => {
        server.put(host, `/limits/${index}.png`, { bytes: blue, etag: '"blue"' });
        return target(host, `/limits/${index}.png`);
      }),
    );
    const [concurrency, perHost] = [3, 2];
    const answered = new Map<string, number>();
    server.reset();
    // Answers wait until the pool has started all it may: `concurrency` requests, or every host with
    // work left at its limit. A pool that started fewer would wait for ever; one that started more is seen.
    server.holdUntil(
      () =>
        server.total() >= concurrency ||
        Object.entries(counts).every(
          ([host, count]) => server.inFlight(host) >= Math.min(perHost, count - (answered.get(host) ?? 0)),
        ),
    );
    const results: string[] = [];
    try {
      await runPolitely(images, {
        hostOf: (image) => new URL(image.url).hostname,
        run: async (image) => {
          const answer = await check(image);
          const host = new URL(image.url).hostname;
          answered.set(host, (answered.get(host) ?? 0) + 1);
          return answer;
        },
        onResult: (image, answer) => {
          results.push(`${image.url} ${'gaveUp' in answer ? 'gave up' : answer.kind}`);
        },
        concurrency,
        perHost,
        gapMs: 0,
      });
    } finally {
      server.holdUntil(undefined);
    }
    expect(results.sort()).toEqual(images.map((image) => `${image.url} unchanged`).sort());
    expect(server.requests).toHaveLength(10);
    expect(server.maxTotal()).toBe(concurrency);
    expect(server.maxInFlight('a.test')).toBe(perHost);
    expect(server.maxInFlight('c.test')).toBeLessThanOrEqual(perHost);
  });

  it('leaves the gap between two requests to a host and honours Retry-After, other hosts going on', async () => {
    const clock = virtualClock();
    server.put('a.test', '/gap/0.png', { bytes: blue, etag: '"blue"' });
    server.put('a.test', '/gap/1.png', { bytes: blue, etag: '"blue"' });
    server.put('a.test', '/gap/2.png', { bytes: blue, etag: '"blue"' });
    server.put('b.test', '/busy.png', {
      bytes: blue,
      etag: '"blue"',
      refusals: [
        { status: 429, retryAfter: '7' },
        { status: 503, retryAfter: '2' },
      ],
    });
    // Closed for an hour: longer than a run waits, so the host's images are left for the next run.
    server.put('c.test', '/closed.png', {
      bytes: blue,
      etag: '"blue"',
      refusals: [{ status: 503, retryAfter: '3600' }],
    });
    server.put('c.test', '/closed-too.png', { bytes: blue, etag: '"blue"' });
    const images = [
      ...['/gap/0.png', '/gap/1.png', '/gap/2.png'].map((path) => target('a.test', path)),
      target('b.test', '/busy.png'),
      target('c.test', '/closed.png'),
      target('c.test', '/closed-too.png'),
    ];
    const events: { host: string; at: number; what: string }[] = [];
    const results = new Map<string, string>();
    server.reset();
    await runPolitely(images, {
      hostOf: (image) => new URL(image.url).hostname,
      run: async (image) => {
        const host = new URL(image.url).hostname;
        events.push({ host, at: clock.now(), what: 'start' });
        const answer = await check(image);
        events.push({ host, at: clock.now(), what: 'throttled' in answer ? 'throttled' : 'answered' });
        return answer;
      },
      onResult: (image, answer) => {
        results.set(new URL(image.url).pathname, 'gaveUp' in answer ? 'gave up' : answer.kind);
      },
      concurrency: 4,
      perHost: 1,
      gapMs: 100,
      clock,
    });
    expect(Object.fromEntries(results)).toEqual({
      '/gap/0.png': 'unchanged',
      '/gap/1.png': 'unchanged',
      '/gap/2.png': 'unchanged',
      '/busy.png': 'unchanged',
      '/closed.png': 'gave up',
      '/closed-too.png': 'gave up',
    });
    const starts = (host: string) =>
      events.filter((e) => e.host === host && e.what === 'start').map((e) => e.at);
    const gaps = (times: number[]) => times.slice(1).map((at, index) => at - times[index]!);
    for (const gap of gaps(starts('a.test'))) expect(gap).toBeGreaterThanOrEqual(100);
    // b.test: asked again 7 s after its 429, then 2 s after its 503.
    const busy = events.filter((e) => e.host === 'b.test');
    expect(busy.map((e) => e.what)).toEqual([
      'start',
      'throttled',
      'start',
      'throttled',
      'start',
      'answered',
    ]);
    expect(busy[2]!.at - busy[1]!.at).toBeGreaterThanOrEqual(7000);
    expect(busy[4]!.at - busy[3]!.at).toBeGreaterThanOrEqual(2000);
    // c.test asked once: its other image was not asked while it is closed.
    expect(server.requestsTo('c.test')).toBe(1);
    expect(server.requestsTo('a.test')).toBe(3);
  });
});

describeEachDatabase('image recheck on %s', (kind) => {
  let t: TestApp;
  let server: PictureServer;
  let feedId: string;
  let blue: Buffer;

  const rows = async () =>
    Object.fromEntries(
      (
        await t.deps.db
          .select({
            itemId: feedCreatives.itemId,
            status: feedCreatives.status,
            outputKey: feedCreatives.outputKey,
          })
          .from(feedCreatives)
          .where(eq(feedCreatives.feedId, feedId))
      ).map((row) => [row.itemId, row]),
    );

  beforeAll(async () => {
    server = await startPictureServer();
    blue = await png('#2050c0');
    t = await createTestApp(kind, { FETCH_ALLOW_HOSTS: HOSTS.join(','), IMAGE_RECHECK_GAP_MS: '0' });
    // The registered handler with the test resolver (the host names are the test's own).
    await t.deps.jobs.work<RecheckJob>(RECHECK_IMAGES, { concurrency: 2, perGroup: 1 }, async (job) => {
      await recheckImages(t.deps, job.data.images, { lookup, signal: job.signal });
    });
    const clientId = (await makeClient(t, 'Recheck Co')).id;
    const svg = builderSvg();
    const analysed = analyseTemplate(svg, 'Recheck');
    const [template] = await t.deps.db
      .insert(templates)
      .values({ clientId, name: 'Recheck', width: analysed.width, height: analysed.height })
      .returning();
    const [version] = await t.deps.db
      .insert(templateVersions)
      .values({
        templateId: template!.id,
        number: 1,
        name: 'Recheck',
        templateString: svg,
        width: analysed.width,
        height: analysed.height,
        slots: analysed.slots,
      })
      .returning();
    const [catalog] = await t.deps.db.insert(catalogs).values({ clientId, name: 'Shop' }).returning();
    const [done] = await t.deps.db
      .insert(catalogImports)
      .values({ catalogId: catalog!.id, clientId, status: 'completed', finishedAt: new Date() })
      .returning();
    await t.deps.db.update(catalogs).set({ currentImportId: done!.id }).where(eq(catalogs.id, catalog!.id));
    server.put('a.test', '/changes.png', { bytes: blue, etag: '"v1"' });
    server.put('a.test', '/stays.png', { bytes: blue, etag: '"v1"' });
    server.put('b.test', '/no-validators.png', { bytes: blue, etag: '"v1"', ignoresValidators: true });
    const base = { importId: done!.id, catalogId: catalog!.id, contentHash: 'h', priceAmount: 1000 };
    const items = {
      changes: server.url('a.test', '/changes.png'),
      'changes-too': server.url('a.test', '/changes.png'),
      stays: server.url('a.test', '/stays.png'),
      'no-validators': server.url('b.test', '/no-validators.png'),
    };
    await t.deps.db
      .insert(catalogItems)
      .values(
        Object.entries(items).map(([itemId, imageLink]) => ({ ...base, itemId, title: itemId, imageLink })),
      );
    const [set] = await t.deps.db
      .insert(productSets)
      .values({ clientId, catalogId: catalog!.id, name: 'All', filter: {} })
      .returning();
    const [feed] = await t.deps.db
      .insert(feeds)
      .values({ clientId, productSetId: set!.id, name: 'Feed', exportToken: 'token' })
      .returning();
    feedId = feed!.id;
    await t.deps.db.insert(feedDesigns).values({ feedId, templateVersionId: version!.id, position: 0 });
    await t.deps.db.insert(feedCreatives).values(Object.keys(items).map((itemId) => ({ feedId, itemId })));
    // Made by generation, which keeps each image's hash and ETag.
    for (const itemId of Object.keys(items)) {
      const outcome = await generateCreative(t.deps, { feedId, itemId }, generation);
      expect(outcome.status).toBe('generated');
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('asks each image once and queues exactly the ads whose picture changed', async () => {
    const before = await rows();
    server.put('a.test', '/changes.png', { bytes: await png('#c02020'), etag: '"v2"' });
    server.reset();
    // Checked a moment ago: nothing is due yet.
    expect(await planImageRechecks(t.deps, { olderThanSeconds: 3600 })).toEqual({
      ads: 0,
      images: 0,
      jobs: 0,
    });
    // Due now: four ads, three images on two hosts, one job per host.
    expect(await planImageRechecks(t.deps, { olderThanSeconds: 0, limit: 10 })).toEqual({
      ads: 4,
      images: 3,
      jobs: 2,
    });
    const after = await until(
      rows,
      (now) => now.changes?.status === 'pending' && server.requests.length === 3,
      'the recheck jobs',
    );
    await until(
      async () => (await t.deps.jobs.counts(RECHECK_IMAGES)).completed,
      (completed) => completed === 2,
      'the recheck jobs to complete',
    );
    expect(server.requests.map((request) => request.path).sort()).toEqual([
      '/changes.png',
      '/no-validators.png',
      '/stays.png',
    ]);
    expect(server.requests.every((request) => request.conditional)).toBe(true);
    expect({ ...(await rows()) }).toEqual({
      ...after,
      changes: { ...before.changes, status: 'pending' },
      'changes-too': { ...before['changes-too'], status: 'pending' },
      stays: before.stays,
      'no-validators': before['no-validators'],
    });
    const queued = await t.deps.db
      .select({ itemId: feedCreatives.itemId })
      .from(feedCreatives)
      .where(and(eq(feedCreatives.feedId, feedId), inArray(feedCreatives.status, ['pending'])));
    expect(queued.map((row) => row.itemId).sort()).toEqual(['changes', 'changes-too']);
    for (const itemId of ['changes', 'changes-too'])
      expect(await t.deps.jobs.hasLiveJob(JOBS.generateCreative, { feedId, itemId })).toBe(true);
    // The queued job makes the new ad under a new URL.
    const outcome = await generateCreative(t.deps, { feedId, itemId: 'changes' }, generation);
    expect(outcome).toMatchObject({ status: 'generated', rendered: true });
    expect(outcome.outputKey).not.toBe(before.changes!.outputKey);
    // Their check dates moved on: nothing is due again.
    expect(await planImageRechecks(t.deps, { olderThanSeconds: 60 })).toEqual({ ads: 0, images: 0, jobs: 0 });
  });
});
