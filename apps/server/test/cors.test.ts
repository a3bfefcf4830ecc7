import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestApp, describeEachDatabase, type TestApp } from './harness.js';

const PUBLIC_ORIGIN = 'http://adloom.test'; // the harness's PUBLIC_URL
const PARTNER_ORIGIN = 'https://partner.example';
const FOREIGN_ORIGIN = 'https://evil.example';
const CLIENT_API = '/api/clients/00000000-0000-4000-8000-000000000000/';

describeEachDatabase('CORS on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { CORS_ORIGINS: ` ${PARTNER_ORIGIN}/ , https://other.example:8443` });
  });
  afterAll(() => t.close());

  const preflight = (url: string, origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-csrf-token',
      },
    });
  const simple = (url: string, origin: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin, 'content-type': 'application/json' },
      payload: { query: '{ me { id } }' },
    });

  it('another origin gets no Access-Control-Allow-Origin or -Credentials, preflight or not', async () => {
    for (const url of ['/api/', CLIENT_API]) {
      for (const response of [await preflight(url, FOREIGN_ORIGIN), await simple(url, FOREIGN_ORIGIN)]) {
        expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
        expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
        expect(response.headers.vary, url).toMatch(/origin/i);
      }
    }
    // Look-alikes of an allowed origin are other origins.
    for (const origin of [`${PUBLIC_ORIGIN}.evil.example`, 'https://adloom.test', 'null']) {
      expect((await simple('/api/', origin)).headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it("PUBLIC_URL's origin and CORS_ORIGINS' origins may call with credentials, preflight included", async () => {
    for (const origin of [PUBLIC_ORIGIN, PARTNER_ORIGIN, 'https://other.example:8443']) {
      for (const url of ['/api/', CLIENT_API]) {
        const before = await preflight(url, origin);
        expect(before.statusCode, `${origin} ${url}`).toBe(204);
        expect(before.headers).toMatchObject({
          'access-control-allow-origin': origin,
          'access-control-allow-credentials': 'true',
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'content-type, x-csrf-token',
        });
        const call = await simple(url, origin);
        expect(call.headers['access-control-allow-origin'], `${origin} ${url}`).toBe(origin);
        expect(call.headers['access-control-allow-credentials']).toBe('true');
      }
    }
  });
});

describe('CORS_ORIGINS', () => {
  it('takes comma-separated origins and refuses anything that is not an origin', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://b.example:3000/' }).corsOrigins).toEqual([
      'https://a.example',
      'http://b.example:3000',
    ]);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    for (const wrong of ['a.example', 'https://a.example/app', '*'])
      expect(() => loadConfig({ CORS_ORIGINS: wrong }), wrong).toThrow(/CORS_ORIGINS: .* is not an origin/);
  });
});
