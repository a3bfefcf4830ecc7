import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';

describe('serving the web app', () => {
  let t: TestApp;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'adloom-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Adloom</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    t = await createTestApp('embedded', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers every client-side route, the root included, with the app', async () => {
    for (const url of [
      '/',
      '/login/local/',
      '/clients/abc/dashboard/overview/',
      '/portal/clients/',
      '/register/issue/?code=X',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Adloom</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves assets with long caching, including ones built after start', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-2.js' })).body).toBe('console.log(2)');
  });

  it('answers 404, not the app, for unknown API paths and missing files', async () => {
    for (const url of ['/api/nope', '/auth/nope/', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
