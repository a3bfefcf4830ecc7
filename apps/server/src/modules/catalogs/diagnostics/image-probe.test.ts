import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HostLookup } from '@adloom/net';
import { readImageSize } from '@adloom/renderer';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { probeImageSize, probeImageSizes, type ProbeOptions, type ProbeResult } from './image-probe.js';

const KB = 1024;
const DEFAULT_MAX_BYTES = 256 * KB;

/** Made in memory at known sizes (no binary files in the repository). */
let png: Buffer;
let webp: Buffer;
/** 499 × 500 with about 120 KB of metadata before its frame header (SOF), at `sofOffset`. */
let bigHeaderJpeg: Buffer;
let sofOffset: number;

/** The offset of a JPEG's first start-of-frame marker, found by walking its segments. */
function startOfFrame(jpeg: Buffer): number {
  let at = 2;
  while (at + 4 <= jpeg.length) {
    const marker = jpeg[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return at;
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('no SOF');
}

/** An APP11 segment (where C2PA content credentials live, often hundreds of KB) of `size` filler bytes. */
function app11(size: number): Buffer {
  const segment = Buffer.alloc(4 + size, 0x20);
  segment.writeUInt16BE(0xffeb, 0);
  segment.writeUInt16BE(2 + size, 2);
  return segment;
}

async function makeImages() {
  const photo = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  png = await photo(640, 480).png().toBuffer();
  webp = await photo(300, 200).webp().toBuffer();
  // A 60 KB EXIF block (a long description, as some shops' exports write), then 60 KB of APP11.
  const withExif = await photo(499, 500)
    .jpeg()
    .withExif({ IFD0: { ImageDescription: 'x'.repeat(60_000) } })
    .toBuffer();
  bigHeaderJpeg = Buffer.concat([withExif.subarray(0, 2), app11(60_000), withExif.subarray(2)]);
  sofOffset = startOfFrame(bigHeaderJpeg);
}

/** Serves `bytes`, answering a Range request with 206 and the range, as most CDNs do. */
function serveRanges(bytes: Buffer, type: string) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    if (!range) return void response.writeHead(200, { 'content-type': type }).end(bytes);
    const start = Number(range[1]);
    const end = Math.min(range[2] === '' ? bytes.length - 1 : Number(range[2]), bytes.length - 1);
    response
      .writeHead(206, {
        'content-type': type,
        'content-range': `bytes ${start}-${end}/${bytes.length}`,
        'content-length': end - start + 1,
      })
      .end(bytes.subarray(start, end + 1));
  };
}

const BIG_BODY = 5 * 1024 * KB;
/** What the Range-ignoring server offers before it waits for the client to drop the connection. */
const OFFERED = DEFAULT_MAX_BYTES + 64 * KB;

/** How a Range-ignoring download ended: bytes the server wrote, and whether its 5 MB body was finished. */
interface BigDownload {
  written: number;
  finished: boolean;
}

/**
 * A server that ignores Range and sends a 5 MB JPEG (the photo's bytes, then the rest of the file). Loopback
 * sockets buffer megabytes in the kernel, so bytes written would say nothing of bytes read: it writes
 * OFFERED bytes, then waits. Only a client that drops the connection ends the download (and lets the probe
 * answer before its time limit); one that read on would wait out its timeout.
 */
function serveBigIgnoringRange(request: IncomingMessage, response: ServerResponse) {
  const body = Buffer.concat([bigHeaderJpeg, Buffer.alloc(BIG_BODY - bigHeaderJpeg.length, 0x55)]);
  let written = 0;
  response.on('close', () => bigDownloads.shift()?.({ written, finished: response.writableFinished }));
  response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': BIG_BODY });
  const writeMore = () => {
    while (written < OFFERED) {
      const chunk = body.subarray(written, Math.min(written + 16 * KB, OFFERED));
      written += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', writeMore);
    }
  };
  writeMore();
}

let server: Server;
let origin: string;
/** Path and query of each request, in order, and its Range header. */
let seen: string[] = [];
let ranges: (string | undefined)[] = [];
const bigDownloads: ((download: BigDownload) => void)[] = [];
let onSilent: (() => void) | undefined;

/** Requests to /held/: in flight per Host header and overall, their maxima, and a gate. */
const held = {
  perHost: new Map<string, number>(),
  maxPerHost: 0,
  total: 0,
  maxTotal: 0,
  /** Until this many are in flight at once, answers wait; then every one is answered. */
  gate: Infinity,
  waiting: [] as (() => void)[],
};

function serveHeld(request: IncomingMessage, response: ServerResponse) {
  const host = request.headers.host ?? '';
  held.perHost.set(host, (held.perHost.get(host) ?? 0) + 1);
  held.total += 1;
  held.maxPerHost = Math.max(held.maxPerHost, held.perHost.get(host)!);
  held.maxTotal = Math.max(held.maxTotal, held.total);
  const answer = () => {
    held.perHost.set(host, held.perHost.get(host)! - 1);
    held.total -= 1;
    serveRanges(png, 'image/png')(request, response);
  };
  held.waiting.push(answer);
  if (held.total >= held.gate) held.gate = 0;
  if (held.gate === 0) for (const waiting of held.waiting.splice(0)) waiting();
}

const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  '/photo.png': (request, response) => serveRanges(png, 'image/png')(request, response),
  '/photo.webp': (request, response) => serveRanges(webp, 'image/webp')(request, response),
  '/exif.jpg': (request, response) => serveRanges(bigHeaderJpeg, 'image/jpeg')(request, response),
  '/big.jpg': serveBigIgnoringRange,
  '/moved': (_request, response) => response.writeHead(302, { location: '/photo.png' }).end(),
  '/page': (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><html><body><h1>Product not found</h1></body></html>'),
  '/silent': () => onSilent?.(), // never answers
};

beforeAll(async () => {
  await makeImages();
  server = createServer((request, response) => {
    const url = request.url ?? '/';
    seen.push(url);
    ranges.push(request.headers.range);
    const path = url.split('?')[0]!;
    if (path.startsWith('/held/')) return serveHeld(request, response);
    const route = routes[path];
    if (route) return route(request, response);
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

beforeEach(() => {
  seen = [];
  ranges = [];
});

/** Loopback is a private address: the tests' server is allow-listed, as FETCH_ALLOW_HOSTS would. */
const allowed: ProbeOptions = { guard: { allowHosts: ['127.0.0.1'] } };
const ok = (width: number, height: number, format: string): ProbeResult => ({
  ok: true,
  size: { width, height, format },
});

describe('probeImageSize', () => {
  it('reads a PNG size through a Range request of maxBytes', async () => {
    expect(await probeImageSize(`${origin}/photo.png`, allowed)).toEqual(ok(640, 480, 'png'));
    expect(seen).toEqual(['/photo.png']);
    expect(ranges).toEqual([`bytes=0-${DEFAULT_MAX_BYTES - 1}`]);
  });

  it('finds a JPEG frame header behind more than 64 KB of metadata', async () => {
    expect(sofOffset).toBeGreaterThan(100 * KB);
    expect(await sharp(bigHeaderJpeg).metadata()).toMatchObject({ width: 499, height: 500 });
    expect(await probeImageSize(`${origin}/exif.jpg`, allowed)).toEqual(ok(499, 500, 'jpeg'));
  });

  it('reads a WebP size', async () => {
    expect(await probeImageSize(`${origin}/photo.webp`, allowed)).toEqual(ok(300, 200, 'webp'));
  });

  it('gives no size from a header cut in the middle of its width', async () => {
    const maxBytes = sofOffset + 8; // the width's high byte is in, its low byte is not
    expect(readImageSize(bigHeaderJpeg.subarray(0, maxBytes))?.width).toBe(256); // what a naive read says
    const result = await probeImageSize(`${origin}/exif.jpg`, { ...allowed, maxBytes });
    expect(result).toEqual({
      ok: false,
      reason: expect.stringMatching(/^The image size is not in its first /),
    });
  });

  it('reads a server that ignores Range only as far as the size, then drops the connection', async () => {
    const download = new Promise<BigDownload>((resolve) => bigDownloads.push(resolve));
    expect(await probeImageSize(`${origin}/big.jpg`, allowed)).toEqual(ok(499, 500, 'jpeg'));
    const { written, finished } = await download;
    expect(finished).toBe(false);
    expect(written).toBeLessThan(DEFAULT_MAX_BYTES + 64 * KB + 1);
  });

  it('stops a server that ignores Range at maxBytes when the size is not there', async () => {
    const download = new Promise<BigDownload>((resolve) => bigDownloads.push(resolve));
    const result = await probeImageSize(`${origin}/big.jpg`, { ...allowed, maxBytes: 64 * KB });
    expect(result).toEqual({ ok: false, reason: 'The image size is not in its first 64 KB' });
    expect((await download).finished).toBe(false);
  });

  it('follows a redirect', async () => {
    expect(await probeImageSize(`${origin}/moved`, allowed)).toEqual(ok(640, 480, 'png'));
    expect(seen).toEqual(['/moved', '/photo.png']);
  });

  it('says when the host refuses the image', async () => {
    expect(await probeImageSize(`${origin}/gone.png`, allowed)).toEqual({
      ok: false,
      reason: 'The image host refused it (HTTP 404)',
    });
  });

  it('says when the URL answers with a page instead of an image', async () => {
    expect(await probeImageSize(`${origin}/page`, allowed)).toEqual({
      ok: false,
      reason: 'Not an image (text/html)',
    });
  });

  it('gives up on a host that does not answer within timeoutMs', async () => {
    expect(await probeImageSize(`${origin}/silent`, { ...allowed, timeoutMs: 200 })).toEqual({
      ok: false,
      reason: 'The image did not answer within 0.2 s',
      hostFailure: true,
    });
  });

  it('refuses a private address that is not allow-listed, with the guard’s reason, before any request', async () => {
    const result = await probeImageSize(`${origin}/photo.png`);
    const host = new URL(origin).host;
    expect(result).toEqual({
      ok: false,
      reason: `The server may not fetch from this host (${host}): host 127.0.0.1 is a loopback address; server-side image fetches may reach private networks only for allow-listed hosts`,
      hostFailure: true,
    });
    expect(seen).toEqual([]);
  });

  it('rejects with the signal’s reason when the caller stops it', async () => {
    const controller = new AbortController();
    const stop = new Error('job cancelled');
    onSilent = () => controller.abort(stop);
    await expect(probeImageSize(`${origin}/silent`, { ...allowed, signal: controller.signal })).rejects.toBe(
      stop,
    );
    onSilent = undefined;
  });
});

describe('probeImageSizes', () => {
  /** a.test, b.test and c.test are the tests' server, allow-listed by name. */
  const lookup: HostLookup = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
  const named: ProbeOptions = {
    guard: { allowHosts: ['a.test', 'b.test', 'c.test'], lookup },
    timeoutMs: 5000,
  };
  const at = (host: string, n: number) => `http://${host}:${new URL(origin).port}/held/${n}.png`;

  it('stops asking a host that failed giveUpAfter times in a row, and says so for its other images', async () => {
    let lookups = 0;
    const results = new Map<string, ProbeResult>();
    const urls = Array.from({ length: 12 }, (_, i) => `http://dead.test/${i}.jpg`);
    await probeImageSizes(urls, {
      // Not allow-listed: every request is refused by the guard, a failure of the host.
      guard: { lookup: (hostname) => ((lookups += 1), lookup(hostname)) },
      giveUpAfter: 3,
      onResult: (url, result) => void results.set(url, result),
    });
    expect(results.size).toBe(12);
    expect([...results.values()].every((r) => !r.ok && r.hostFailure)).toBe(true);
    // At most the first three, and the one already under way beside them, were tried.
    expect(lookups).toBeLessThanOrEqual(4);
    expect(
      [...results.values()].filter(
        (r) => !r.ok && r.reason.endsWith('(not tried: the host failed 3 times in a row)'),
      ),
    ).toHaveLength(12 - lookups);
  });

  /** The client's own count of probes in flight: one starts with its host's lookup and ends after its onResult. */
  function countProbes() {
    const inFlight = new Map<string, number>();
    const counts = { maxPerHost: 0, total: 0, maxTotal: 0, results: new Map<string, ProbeResult>() };
    const countingLookup: HostLookup = (hostname) => {
      inFlight.set(hostname, (inFlight.get(hostname) ?? 0) + 1);
      counts.total += 1;
      counts.maxPerHost = Math.max(counts.maxPerHost, inFlight.get(hostname)!);
      counts.maxTotal = Math.max(counts.maxTotal, counts.total);
      return lookup(hostname);
    };
    const onResult = (url: string, result: ProbeResult) => {
      const host = new URL(url).hostname;
      inFlight.set(host, inFlight.get(host)! - 1);
      counts.total -= 1;
      counts.results.set(url, result);
    };
    return { counts, options: { ...named, guard: { ...named.guard, lookup: countingLookup }, onResult } };
  }

  it('keeps to perHost requests per host, a busy host not holding the others up', async () => {
    // The first answers wait until three requests are in flight at once: two on a.test, one on b.test.
    Object.assign(held, { perHost: new Map(), maxPerHost: 0, total: 0, maxTotal: 0, gate: 3 });
    const { counts, options } = countProbes();
    // Every URL of a.test first: b.test's must not wait behind them.
    const urls = [...[1, 2, 3, 4, 5, 6].map((n) => at('a.test', n)), at('b.test', 1)];
    await probeImageSizes([...urls, urls[0]!], { ...options, concurrency: 4, perHost: 2 });
    expect(held.maxPerHost).toBeLessThanOrEqual(2);
    expect(held.maxTotal).toBe(3);
    expect(counts).toMatchObject({ maxPerHost: 2, total: 0, maxTotal: 3 });
    expect([...counts.results.keys()].sort()).toEqual([...urls].sort());
    expect([...counts.results.values()].every((result) => result.ok)).toBe(true);
    expect(seen).toHaveLength(urls.length); // the repeated URL was probed once
  });

  it('keeps to the overall concurrency across hosts', async () => {
    Object.assign(held, { perHost: new Map(), maxPerHost: 0, total: 0, maxTotal: 0, gate: 3 });
    const { counts, options } = countProbes();
    const urls = [1, 2, 3, 4].flatMap((n) => [at('a.test', n), at('b.test', n), at('c.test', n)]);
    await probeImageSizes(urls, { ...options, concurrency: 3, perHost: 2 });
    expect(held.maxTotal).toBe(3);
    expect(held.maxPerHost).toBeLessThanOrEqual(2);
    expect(counts).toMatchObject({ total: 0, maxTotal: 3 });
    expect(counts.results.size).toBe(urls.length);
  });

  it('stops early when the signal aborts', async () => {
    Object.assign(held, { gate: 0 });
    const controller = new AbortController();
    const reported: string[] = [];
    await probeImageSizes(
      [1, 2, 3, 4, 5].map((n) => at('a.test', n)),
      {
        ...named,
        signal: controller.signal,
        concurrency: 1,
        onResult: (url) => {
          reported.push(url);
          controller.abort();
        },
      },
    );
    expect(reported).toEqual([at('a.test', 1)]);
    expect(seen).toEqual(['/held/1.png']);
  });

  it('rejects with the error onResult throws, starting no more probes', async () => {
    Object.assign(held, { gate: 0 });
    const broken = new Error('database down');
    const probing = probeImageSizes(
      [1, 2, 3].map((n) => at('b.test', n)),
      {
        ...named,
        concurrency: 1,
        onResult: () => Promise.reject(broken),
      },
    );
    await expect(probing).rejects.toBe(broken);
    expect(seen).toEqual(['/held/1.png']);
  });
});
