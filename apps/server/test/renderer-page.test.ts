import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtRendererDir, RENDERER_PAGE_CSP, registerRendererPage } from '../src/http/renderer-page.js';
import { createTestApp, type TestApp } from './harness.js';

const SCRIPT = 'adloom-renderer-ABCD1234.js';
const WASM = 'resvg-WXYZ5678.wasm';
const scriptText = 'window.render = () => {};'.repeat(20);
const wasmBytes = Buffer.from([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);

describe('the renderer page at /renderer/', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adloom-renderer-page-'));
  const empty = mkdtempSync(path.join(os.tmpdir(), 'adloom-renderer-none-'));
  let app: FastifyInstance;
  let unbuilt: FastifyInstance;

  beforeAll(async () => {
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><script type="module" src="./${SCRIPT}"></script>`,
    );
    writeFileSync(path.join(dir, SCRIPT), scriptText);
    writeFileSync(path.join(dir, `${SCRIPT}.gz`), gzipSync(scriptText));
    writeFileSync(path.join(dir, `${SCRIPT}.br`), brotliCompressSync(scriptText));
    writeFileSync(path.join(dir, `${SCRIPT}.map`), '{"version":3}');
    writeFileSync(path.join(dir, WASM), wasmBytes);
    writeFileSync(path.join(dir, 'notes.txt'), 'not served');
    writeFileSync(path.join(dir, '.hidden.js'), 'secret');
    mkdirSync(path.join(dir, 'sub'));
    writeFileSync(path.join(dir, 'sub', 'x.js'), 'nested');
    app = Fastify();
    await registerRendererPage(app, dir);
    unbuilt = Fastify();
    await registerRendererPage(unbuilt, empty);
  });
  afterAll(async () => {
    await app.close();
    await unbuilt.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(empty, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, server = app) =>
    server.inject({ method: 'GET', url, headers });

  it('answers the page, always fresh, under a policy that allows WebAssembly and nothing inline', async () => {
    const res = await get('/renderer/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(SCRIPT);
    expect(res.headers['content-security-policy']).toBe(RENDERER_PAGE_CSP);
    expect(RENDERER_PAGE_CSP).toBe(
      "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self' https: http: data: blob:; " +
        "base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    );
    expect(RENDERER_PAGE_CSP).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
    const again = await get('/renderer/', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect((await get('/renderer/?case=a')).statusCode).toBe(200);
  });

  it('redirects /renderer to the page, keeping the query', async () => {
    const res = await get('/renderer?x=1');
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/renderer/?x=1');
  });

  it('serves the hashed bundle and WebAssembly for a year, compressed when the client accepts it', async () => {
    const plain = await get(`/renderer/${SCRIPT}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(scriptText);

    const br = await get(`/renderer/${SCRIPT}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(brotliCompressSync(scriptText))).toBe(true);
    const gzip = await get(`/renderer/${SCRIPT}`, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    // No precompressed copy of the module: sent as is, as application/wasm (instantiateStreaming needs it).
    const wasm = await get(`/renderer/${WASM}`, { 'accept-encoding': 'br' });
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect(wasm.headers['content-encoding']).toBeUndefined();
    expect(wasm.rawPayload.equals(wasmBytes)).toBe(true);
    expect((await get(`/renderer/${SCRIPT}.map`)).headers['content-type']).toBe(
      'application/json; charset=utf-8',
    );
  });

  it('answers 404 for anything else under /renderer/, never a file outside the build', async () => {
    for (const url of [
      '/renderer/missing-ABCD1234.js',
      '/renderer/notes.txt',
      '/renderer/.hidden.js',
      `/renderer/${SCRIPT}.br`,
      '/renderer/sub/x.js',
      '/renderer/..%2Fpackage.json',
      '/renderer/%2e%2e%2findex.html',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('says how to build the page when it is not built', async () => {
    const res = await get('/renderer/', {}, unbuilt);
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expect((await get(`/renderer/${SCRIPT}`, {}, unbuilt)).statusCode).toBe(404);
  });

  it('is the renderer package’s dist/browser by default', () => {
    expect(builtRendererDir()).toBe(
      path.resolve(import.meta.dirname, '../../../packages/renderer/dist/browser'),
    );
  });
});

describe('the renderer page in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('embedded');
  });
  afterAll(async () => t.close());

  it('comes before the web app: /renderer/ paths are never the single-page app', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/renderer/' });
    // 200 once `npm run build` has run, 503 before; the policy is there either way.
    expect([200, 503]).toContain(page.statusCode);
    expect(page.headers['content-security-policy']).toBe(RENDERER_PAGE_CSP);
    const missing = await t.app.inject({ method: 'GET', url: '/renderer/nothing/here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
