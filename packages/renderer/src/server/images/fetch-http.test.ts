import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostLookup } from '@adloom/net';
import { MAX_IMAGE_PIXELS } from '../../images/pixel-limit.js';
import { formatMegapixels, ImageLoadError, type ImageLoadErrorCode } from './errors.js';
import { fetchImage, fetchImageIfChanged, type FetchImageOptions } from './fetch.js';
import { animatedGif, pngClaiming, solidImage, SVG_LOGO } from './test/fixtures.js';
import { type Route, startServer, type TestServer } from './test/server.js';

const MB = 1024 * 1024;
const LOCAL = { allowHosts: ['127.0.0.1'] } satisfies FetchImageOptions;

/** Awaits a load that must fail and returns its ImageLoadError. */
async function failure(promise: Promise<unknown>): Promise<ImageLoadError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageLoadError);
  return error as ImageLoadError;
}

async function expectCode(promise: Promise<unknown>, code: ImageLoadErrorCode): Promise<ImageLoadError> {
  const error = await failure(promise);
  expect(error.code, error.message).toBe(code);
  return error;
}

/** A lookup answering fixed addresses per host name, counting its calls; unknown names are ENOTFOUND. */
function fakeDns(table: Record<string, string[]>): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (addresses === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({
      address,
      family: address.includes(':') ? (6 as const) : (4 as const),
    }));
  };
  return Object.assign(lookup, { calls });
}

const send =
  (body: Buffer | string, type: string, extra: Record<string, string> = {}): Route =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...extra });
    response.end(body);
  };

const redirect =
  (location: string | ((server: TestServer) => string), status = 302): Route =>
  (_request, response, server) => {
    response.writeHead(status, { location: typeof location === 'string' ? location : location(server) });
    response.end();
  };

let server: TestServer;
let png: Buffer;
/** The version of /versioned.png: bumping it changes its ETag and Last-Modified. */
let version = 1;

beforeAll(async () => {
  png = await solidImage('png');
  const endless: Route = (_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' });
    const chunk = Buffer.alloc(64 * 1024, 1);
    const pump = () => {
      while (!response.destroyed && response.write(chunk));
    };
    response.on('drain', pump);
    pump();
  };
  server = await startServer({
    // Served with misleading types on purpose: the format must come from the bytes.
    '/photo.png': send(png, 'text/plain'),
    '/photo.jpg': send(await solidImage('jpeg'), 'application/octet-stream'),
    '/photo.webp': send(await solidImage('webp'), 'image/webp'),
    '/photo.avif': send(await solidImage('avif'), 'image/avif'),
    '/logo.svg': send(SVG_LOGO, 'image/svg+xml'),
    '/animated.gif': send(await animatedGif(), 'image/gif'),
    '/page.html': send('<!DOCTYPE html><html><body><img src=x></body></html>', 'image/png'),
    '/empty.png': send('', 'image/png'),
    '/bomb.png': send(pngClaiming(60_000, 60_000), 'image/png'),
    '/gzip.svg': send(gzipSync(SVG_LOGO), 'image/svg+xml', { 'content-encoding': 'gzip' }),
    '/gzip-bomb.svg': send(gzipSync(Buffer.alloc(8 * MB, 0x20)), 'image/svg+xml', {
      'content-encoding': 'gzip',
    }),
    '/zstd.png': send(png, 'image/png', { 'content-encoding': 'zstd' }),
    // A CDN-like file: 304 for the current ETag (If-None-Match wins) or a date not before its change.
    '/versioned.png': (request, response) => {
      const etag = `"v${version}"`;
      const lastModified = new Date(Date.UTC(2026, 0, version)).toUTCString();
      const since = request.headers['if-modified-since'];
      const match = request.headers['if-none-match'];
      const fresh =
        match !== undefined
          ? match === etag
          : since !== undefined && Date.parse(since) >= Date.parse(lastModified);
      if (fresh) return response.writeHead(304, { etag, 'last-modified': lastModified }).end();
      send(png, 'image/png', { etag, 'last-modified': lastModified })(request, response, server);
    },
    // Only Last-Modified, and a 304 to any conditional request.
    '/dated.png': (request, response) => {
      if (request.headers['if-modified-since']) return response.writeHead(304).end();
      send(png, 'image/png', { 'last-modified': 'Mon, 05 Jan 2026 00:00:00 GMT' })(request, response, server);
    },
    '/always-304.png': (_request, response) => response.writeHead(304).end(),
    '/hang': () => {},
    '/drip': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
      let sent = 0;
      const timer = setInterval(() => {
        if (response.destroyed || sent >= png.length) return clearInterval(timer);
        response.write(png.subarray(sent, sent + 1));
        sent += 1;
      }, 50);
    },
    '/big-declared': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(2 * MB) });
      response.write(png);
    },
    '/big-stream': endless,
    '/missing.png': (_request, response) => response.writeHead(404).end(),
    '/gone.png': (_request, response) => response.writeHead(410).end(),
    '/broken.png': (_request, response) => response.writeHead(500).end(),
    '/redirect-no-location': (_request, response) => response.writeHead(302).end(),
    '/r1': redirect('/photo.png'),
    '/r2': redirect('/r1', 301),
    '/r3': redirect('/r2', 307),
    '/r4': redirect('/r3', 308),
    '/loop': redirect('/loop'),
    '/redirect-private': redirect('http://10.0.0.1/photo.png'),
    '/redirect-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/redirect-name': redirect('http://internal.example/photo.png'),
    '/redirect-loopback': redirect((s) => `http://127.0.0.1:${s.port}/photo.png`),
    '/redirect-file': redirect('file:///etc/passwd'),
    '/redirect-data': redirect(`data:image/png;base64,${png.toString('base64')}`),
    '/redirect-credentials': redirect((s) => `http://user:secret@127.0.0.1:${s.port}/photo.png`),
  });
});

afterAll(async () => {
  await server.close();
});

describe('fetchImage over HTTP (allow-listed local server)', () => {
  it.each([
    ['/photo.png', 'png'],
    ['/photo.jpg', 'jpeg'],
    ['/photo.webp', 'webp'],
    ['/photo.avif', 'avif'],
  ] as const)('loads %s and detects %s from the bytes', async (path, format) => {
    const image = await fetchImage(`${server.origin}${path}`, LOCAL);
    expect(image).toMatchObject({ format, width: 64, height: 48, frames: 1, url: `${server.origin}${path}` });
    expect(image.bytes.length).toBeGreaterThan(0);
  });

  it('loads an SVG and reads its size', async () => {
    const image = await fetchImage(`${server.origin}/logo.svg`, LOCAL);
    expect(image).toMatchObject({ format: 'svg', width: 120, height: 40 });
    expect(image.bytes.toString('utf8')).toBe(SVG_LOGO);
  });

  it('keeps only the first frame of an animated GIF, as PNG', async () => {
    const image = await fetchImage(`${server.origin}/animated.gif`, LOCAL);
    expect(image).toMatchObject({ format: 'png', width: 20, height: 10, frames: 2 });
  });

  it('sends no credentials or cookies, asks for no compression and keeps the Host header', async () => {
    await fetchImage(`${server.origin}/photo.png`, LOCAL);
    const { headers } = server.seen.at(-1)!;
    expect(headers.host).toBe(`127.0.0.1:${server.port}`);
    expect(headers.authorization).toBeUndefined();
    expect(headers.cookie).toBeUndefined();
    expect(headers['accept-encoding']).toBe('identity');
    expect(headers['user-agent']).toMatch(/Adloom/);
  });

  it('accepts an allow-list entry with the exact port, not another port', async () => {
    await expect(
      fetchImage(`${server.origin}/photo.png`, { allowHosts: [`127.0.0.1:${server.port}`] }),
    ).resolves.toMatchObject({
      format: 'png',
    });
    await expectCode(
      fetchImage(`${server.origin}/photo.png`, { allowHosts: ['127.0.0.1:1'] }),
      'PRIVATE_ADDRESS',
    );
  });

  it('decodes a gzip body a server sends anyway, and stops a gzip bomb at maxBytes', async () => {
    await expect(fetchImage(`${server.origin}/gzip.svg`, LOCAL)).resolves.toMatchObject({ format: 'svg' });
    const error = await expectCode(
      fetchImage(`${server.origin}/gzip-bomb.svg`, { ...LOCAL, maxBytes: MB }),
      'TOO_LARGE',
    );
    expect(error.message).toBe(`Image ${server.origin}/gzip-bomb.svg is larger than 1 MB`);
    await expectCode(fetchImage(`${server.origin}/zstd.png`, LOCAL), 'NOT_AN_IMAGE');
  });
});

describe('conditional requests (fetchImageIfChanged)', () => {
  it('gives the validators of a response, and NotModified while the image has not changed', async () => {
    version = 1;
    const url = `${server.origin}/versioned.png`;
    const first = await fetchImageIfChanged(url, undefined, LOCAL);
    expect(first).toMatchObject({ format: 'png', validators: { etag: '"v1"' } });
    if ('notModified' in first) throw new Error('expected the image');
    expect(first.validators?.lastModified).toBe('Thu, 01 Jan 2026 00:00:00 GMT');
    expect(await fetchImageIfChanged(url, first.validators, LOCAL)).toEqual({ notModified: true, url });
    version = 2;
    const changed = await fetchImageIfChanged(url, first.validators, LOCAL);
    expect(changed).toMatchObject({ format: 'png', validators: { etag: '"v2"' } });
    // Only a date: If-Modified-Since alone decides.
    expect(
      await fetchImageIfChanged(url, { lastModified: first.validators!.lastModified! }, LOCAL),
    ).toMatchObject({ format: 'png' });
    expect(await fetchImageIfChanged(url, { lastModified: 'Fri, 02 Jan 2026 00:00:00 GMT' }, LOCAL)).toEqual({
      notModified: true,
      url,
    });
  });

  it('reads Last-Modified alone when a server sends no ETag', async () => {
    const image = await fetchImageIfChanged(`${server.origin}/dated.png`, undefined, LOCAL);
    expect(image).toMatchObject({ validators: { lastModified: 'Mon, 05 Jan 2026 00:00:00 GMT' } });
    expect(
      await fetchImageIfChanged(`${server.origin}/dated.png`, { lastModified: 'x' }, LOCAL),
    ).toMatchObject({ notModified: true });
  });

  it('takes a 304 to a request that was not conditional as an HTTP error', async () => {
    const error = await expectCode(fetchImage(`${server.origin}/always-304.png`, LOCAL), 'HTTP_STATUS');
    expect(error.message).toContain('HTTP 304');
    await expectCode(fetchImageIfChanged(`${server.origin}/always-304.png`, undefined, LOCAL), 'HTTP_STATUS');
  });
});

describe('address guard', () => {
  it('refuses the loopback server when it is not allow-listed, before sending anything', async () => {
    const before = server.seen.length;
    const error = await expectCode(fetchImage(`${server.origin}/photo.png`), 'PRIVATE_ADDRESS');
    expect(error.message).toBe(
      `Image ${server.origin}/photo.png is refused: host 127.0.0.1 is a loopback address; ` +
        'server-side image fetches may reach private networks only for allow-listed hosts',
    );
    await expectCode(fetchImage(`http://localhost:${server.port}/photo.png`), 'PRIVATE_ADDRESS');
    expect(server.seen.length).toBe(before);
  });

  it.each([
    '10.0.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '::1',
    'fc00::1',
    '::ffff:127.0.0.1',
    '100.64.0.1',
    '0.0.0.0',
  ])('refuses a host name that resolves to %s', async (address) => {
    const lookup = fakeDns({ 'images.example.com': [address] });
    const error = await expectCode(
      fetchImage('https://images.example.com/a.png', { lookup }),
      'PRIVATE_ADDRESS',
    );
    expect(error.message).toContain(`host images.example.com resolves to ${address},`);
  });

  it.each([
    'http://10.0.0.1/a.png',
    'http://[::1]/a.png',
    'http://[fc00::1]/a.png',
    'http://[::ffff:127.0.0.1]/a.png',
    'http://2130706433/a.png',
  ])('refuses the address literal in %s without a lookup', async (url) => {
    const lookup = fakeDns({});
    await expectCode(fetchImage(url, { lookup }), 'PRIVATE_ADDRESS');
    expect(lookup.calls).toEqual([]);
  });

  it('refuses a host when any one of its addresses is private', async () => {
    const lookup = fakeDns({ 'mixed.example.com': ['93.184.215.14', '10.1.2.3'] });
    const error = await expectCode(
      fetchImage('http://mixed.example.com/a.png', { lookup }),
      'PRIVATE_ADDRESS',
    );
    expect(error.message).toContain('resolves to 10.1.2.3, a private address');
  });

  it('pins the socket to the checked address: a name the system cannot resolve still connects', async () => {
    // cdn.test has no DNS record anywhere, so success proves the socket used the checked address.
    const lookup = fakeDns({ 'cdn.test': ['127.0.0.1'] });
    const image = await fetchImage(`http://cdn.test:${server.port}/photo.png`, {
      allowHosts: ['cdn.test'],
      lookup,
    });
    expect(image.url).toBe(`http://cdn.test:${server.port}/photo.png`);
    expect(server.seen.at(-1)!.headers.host).toBe(`cdn.test:${server.port}`);
    expect(lookup.calls).toEqual(['cdn.test']);
  });

  it('tries the other checked addresses when the first does not answer (IPv6 first, server on IPv4 only)', async () => {
    const lookup = fakeDns({ 'dual.test': ['::1', '127.0.0.1'] });
    const image = await fetchImage(`http://dual.test:${server.port}/photo.png`, {
      allowHosts: ['dual.test'],
      lookup,
    });
    expect(image.format).toBe('png');
  });

  it('resolves once per hop, so a DNS answer that changes after the check is never used', async () => {
    // First answer public, any later answer loopback: a rebinding attack. Only the first may be used.
    const calls: string[] = [];
    const lookup: HostLookup = async (hostname) => {
      calls.push(hostname);
      return [{ address: calls.length === 1 ? '1.1.1.1' : '127.0.0.1', family: 4 }];
    };
    const before = server.seen.length;
    // The socket goes to 1.1.1.1 on a closed high port: refused, unreachable or timed out, but never local.
    const error = await failure(
      fetchImage(`http://rebind.test:${server.port}/photo.png`, { lookup, timeoutMs: 300 }),
    );
    expect(['TIMEOUT', 'NETWORK']).toContain(error.code);
    expect(calls).toEqual(['rebind.test']);
    expect(server.seen.length).toBe(before);
  });

  it('reports a host name that does not resolve as not found', async () => {
    const error = await expectCode(
      fetchImage('https://nowhere.example.com/a.png', { lookup: fakeDns({}) }),
      'NOT_FOUND',
    );
    expect(error.message).toBe(
      'Image https://nowhere.example.com/a.png was not found: host nowhere.example.com does not exist',
    );
  });
});

describe('redirects', () => {
  it('follows up to maxRedirects hops, relative locations included', async () => {
    const image = await fetchImage(`${server.origin}/r3`, LOCAL);
    expect(image).toMatchObject({ format: 'png', url: `${server.origin}/photo.png` });
  });

  it('refuses one hop too many', async () => {
    const error = await expectCode(fetchImage(`${server.origin}/r4`, LOCAL), 'TOO_MANY_REDIRECTS');
    expect(error.message).toBe(
      `Image ${server.origin}/r4 (redirected to ${server.origin}/r1) redirected more than 3 times`,
    );
    await expectCode(
      fetchImage(`${server.origin}/loop`, { ...LOCAL, maxRedirects: 0 }),
      'TOO_MANY_REDIRECTS',
    );
  });

  it('refuses a redirect from an allowed host to a private address', async () => {
    const error = await expectCode(fetchImage(`${server.origin}/redirect-private`, LOCAL), 'PRIVATE_ADDRESS');
    expect(error.message).toBe(
      `Image ${server.origin}/redirect-private (redirected to http://10.0.0.1/photo.png) is refused: ` +
        'host 10.0.0.1 is a private address; server-side image fetches may reach private networks only for allow-listed hosts',
    );
    expect(error.url).toBe(`${server.origin}/redirect-private`);
    expect(error.redirectedTo).toBe('http://10.0.0.1/photo.png');
    await expectCode(fetchImage(`${server.origin}/redirect-metadata`, LOCAL), 'PRIVATE_ADDRESS');
  });

  it('checks the host name of every hop', async () => {
    const lookup = fakeDns({ 'internal.example': ['192.168.1.1'] });
    const error = await expectCode(
      fetchImage(`${server.origin}/redirect-name`, { ...LOCAL, lookup }),
      'PRIVATE_ADDRESS',
    );
    expect(error.message).toContain('host internal.example resolves to 192.168.1.1, a private address');
  });

  it('re-checks a hop to loopback that only the first host was allowed to reach', async () => {
    const lookup = fakeDns({ localhost: ['127.0.0.1'] });
    const options = { allowHosts: [`localhost:${server.port}`], lookup };
    await expectCode(
      fetchImage(`http://localhost:${server.port}/redirect-loopback`, options),
      'PRIVATE_ADDRESS',
    );
  });

  it('refuses redirects to file:, data: and URLs with credentials', async () => {
    const toFile = await expectCode(
      fetchImage(`${server.origin}/redirect-file`, { ...LOCAL, allowFiles: true }),
      'BAD_SCHEME',
    );
    expect(toFile.message).toContain('uses the unsupported scheme "file:"');
    await expectCode(fetchImage(`${server.origin}/redirect-data`, LOCAL), 'BAD_SCHEME');
    await expectCode(fetchImage(`${server.origin}/redirect-credentials`, LOCAL), 'BAD_URL');
  });

  it('reports a redirect without a Location', async () => {
    await expectCode(fetchImage(`${server.origin}/redirect-no-location`, LOCAL), 'HTTP_STATUS');
  });
});

describe('time limit', () => {
  it('gives up on a server that never answers', async () => {
    const started = Date.now();
    const error = await expectCode(
      fetchImage(`${server.origin}/hang`, { ...LOCAL, timeoutMs: 300 }),
      'TIMEOUT',
    );
    expect(error.message).toBe(`Image ${server.origin}/hang did not load within 300 ms`);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on a body that drips in slower than the limit', async () => {
    const started = Date.now();
    await expectCode(fetchImage(`${server.origin}/drip`, { ...LOCAL, timeoutMs: 300 }), 'TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('counts the DNS lookup in the limit', async () => {
    const lookup: HostLookup = () => new Promise(() => {});
    await expectCode(fetchImage('https://slow-dns.example.com/a.png', { lookup, timeoutMs: 300 }), 'TIMEOUT');
  });
});

describe('byte limit', () => {
  it('refuses a body whose Content-Length is over the limit', async () => {
    const error = await expectCode(
      fetchImage(`${server.origin}/big-declared`, { ...LOCAL, maxBytes: MB }),
      'TOO_LARGE',
    );
    expect(error.message).toBe(
      `Image ${server.origin}/big-declared is larger than 1 MB (the server announced 2 MB)`,
    );
  });

  it('stops reading an endless body without Content-Length as soon as it passes the limit', async () => {
    const error = await expectCode(
      fetchImage(`${server.origin}/big-stream`, { ...LOCAL, maxBytes: MB }),
      'TOO_LARGE',
    );
    expect(error.message).toBe(`Image ${server.origin}/big-stream is larger than 1 MB`);
  });

  it('accepts a body of exactly maxBytes', async () => {
    await expect(
      fetchImage(`${server.origin}/photo.png`, { ...LOCAL, maxBytes: png.length }),
    ).resolves.toBeDefined();
    await expectCode(
      fetchImage(`${server.origin}/photo.png`, { ...LOCAL, maxBytes: png.length - 1 }),
      'TOO_LARGE',
    );
  });
});

describe('content checks', () => {
  it('refuses a decompression bomb from its header alone', async () => {
    const started = Date.now();
    const error = await expectCode(fetchImage(`${server.origin}/bomb.png`, LOCAL), 'TOO_MANY_PIXELS');
    expect(error.message).toBe(
      `Image ${server.origin}/bomb.png is 60000 × 60000 pixels, more than the limit of ${formatMegapixels(MAX_IMAGE_PIXELS)}; use a smaller image`,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('applies a lower maxPixels to an ordinary image', async () => {
    await expectCode(
      fetchImage(`${server.origin}/photo.png`, { ...LOCAL, maxPixels: 64 * 48 - 1 }),
      'TOO_MANY_PIXELS',
    );
    await expect(
      fetchImage(`${server.origin}/photo.png`, { ...LOCAL, maxPixels: 64 * 48 }),
    ).resolves.toBeDefined();
  });

  it('refuses HTML even when it is served as image/png', async () => {
    const error = await expectCode(fetchImage(`${server.origin}/page.html`, LOCAL), 'NOT_AN_IMAGE');
    expect(error.message).toBe(
      `Image ${server.origin}/page.html is not an image (expected JPEG, PNG, WebP, GIF, AVIF, TIFF or SVG): ` +
        'its content starts "<!DOCTYPE html><html><body><img" (served as image/png)',
    );
    await expectCode(fetchImage(`${server.origin}/empty.png`, LOCAL), 'NOT_AN_IMAGE');
  });

  it('maps HTTP errors to NOT_FOUND and HTTP_STATUS', async () => {
    const missing = await expectCode(fetchImage(`${server.origin}/missing.png`, LOCAL), 'NOT_FOUND');
    expect(missing.message).toBe(`Image ${server.origin}/missing.png was not found (HTTP 404)`);
    await expectCode(fetchImage(`${server.origin}/gone.png`, LOCAL), 'NOT_FOUND');
    const broken = await expectCode(fetchImage(`${server.origin}/broken.png`, LOCAL), 'HTTP_STATUS');
    expect(broken.message).toBe(
      `Image ${server.origin}/broken.png could not be loaded: the server answered HTTP 500 Internal Server Error`,
    );
  });

  it('reports a refused connection as a network error', async () => {
    const closed = await startServer({});
    await closed.close();
    const error = await expectCode(fetchImage(`${closed.origin}/a.png`, LOCAL), 'NETWORK');
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('URL checks', () => {
  it('refuses credentials in the URL before connecting', async () => {
    const before = server.seen.length;
    const error = await expectCode(
      fetchImage(`http://user:pass@127.0.0.1:${server.port}/photo.png`, LOCAL),
      'BAD_URL',
    );
    expect(error.message).toContain(
      'has a user name or password in its URL; requests never carry credentials',
    );
    await expectCode(fetchImage(`http://token@127.0.0.1:${server.port}/photo.png`, LOCAL), 'BAD_URL');
    expect(server.seen.length).toBe(before);
  });

  it('refuses a URL that does not parse', async () => {
    await expectCode(fetchImage('http://exa mple.com/a.png'), 'BAD_URL');
  });
});
