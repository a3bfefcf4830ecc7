import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostLookup } from './address-guard.js';
import { NetError } from './errors.js';
import { guardedGet, type GuardedGetOptions, parseHttpUrl } from './request.js';

let server: Server;
let origin: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    seen.push(path);
    if (path === '/ok') return void response.end('fine');
    if (path === '/no-location') return void response.writeHead(302).end();
    if (path === '/to-ftp') return void response.writeHead(302, { location: 'ftp://x.test/a' }).end();
    if (path === '/to-rebind') {
      const port = (server.address() as AddressInfo).port;
      return void response.writeHead(302, { location: `http://rebind.test:${port}/ok` }).end();
    }
    if (path === '/silent') return; // never answers
    const hops = /^\/r(\d+)$/.exec(path);
    if (hops)
      return void response
        .writeHead(302, { location: Number(hops[1]) > 1 ? `/r${Number(hops[1]) - 1}` : '/ok' })
        .end();
    response.writeHead(404).end();
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

const options = (over: Partial<GuardedGetOptions> = {}): GuardedGetOptions => ({
  allowHosts: ['127.0.0.1'],
  lookup: () => Promise.reject(new Error('no lookup expected')),
  purpose: 'tests',
  maxRedirects: 3,
  headers: { accept: '*/*' },
  signal: new AbortController().signal,
  ...over,
});

async function refusal(promise: Promise<unknown>): Promise<NetError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NetError);
  return error as NetError;
}

describe('guardedGet', () => {
  it('follows redirects up to the limit and returns the answer unread', async () => {
    const redirects: string[] = [];
    const { response, url } = await guardedGet(
      new URL(`${origin}/r3`),
      options({ onRedirect: (next) => redirects.push(next.pathname) }),
    );
    response.destroy();
    expect(response.statusCode).toBe(200);
    expect(url.href).toBe(`${origin}/ok`);
    expect(redirects).toEqual(['/r2', '/r1', '/ok']);
  });

  it('refuses one redirect too many, a missing Location and a redirect off http(s)', async () => {
    const tooMany = await refusal(guardedGet(new URL(`${origin}/r4`), options()));
    expect(tooMany).toMatchObject({ code: 'TOO_MANY_REDIRECTS', url: `${origin}/r1`, redirected: true });
    const noLocation = await refusal(guardedGet(new URL(`${origin}/no-location`), options()));
    expect(noLocation).toMatchObject({ code: 'NO_LOCATION', detail: '302', redirected: false });
    const ftp = await refusal(guardedGet(new URL(`${origin}/to-ftp`), options()));
    expect(ftp).toMatchObject({ code: 'BAD_SCHEME', detail: 'ftp:', redirected: true });
  });

  it('checks every hop: a redirect to a host resolving to a private address is refused before any request', async () => {
    const lookup: HostLookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const before = seen.length;
    const error = await refusal(guardedGet(new URL(`${origin}/to-rebind`), options({ lookup })));
    expect(error).toMatchObject({ code: 'PRIVATE_ADDRESS', redirected: true });
    expect(error.reason).toBe(
      'is refused: host rebind.test resolves to 127.0.0.1, a loopback address; tests may reach private networks only for allow-listed hosts',
    );
    expect(seen.slice(before)).toEqual(['/to-rebind']);
  });

  it('refuses a private address that is not allow-listed', async () => {
    const error = await refusal(guardedGet(new URL(`${origin}/ok`), options({ allowHosts: [] })));
    expect(error).toMatchObject({ code: 'PRIVATE_ADDRESS', redirected: false });
  });

  it('gives up on a hop that does not answer within its time', async () => {
    const error = await refusal(guardedGet(new URL(`${origin}/silent`), options({ hopTimeoutMs: 200 })));
    expect(error).toMatchObject({ code: 'HOP_TIMEOUT', reason: 'did not answer within 200 ms' });
  });
});

describe('parseHttpUrl', () => {
  it('refuses other schemes, credentials and text that is no URL', async () => {
    expect(() => parseHttpUrl('ftp://x.test/a')).toThrow(expect.objectContaining({ code: 'BAD_SCHEME' }));
    expect(() => parseHttpUrl('https://u:p@x.test/a')).toThrow(
      expect.objectContaining({ code: 'CREDENTIALS' }),
    );
    expect(() => parseHttpUrl('not a url')).toThrow(expect.objectContaining({ code: 'BAD_URL' }));
  });
});
