#!/usr/bin/env node
// `npm run bench:bundle`: builds the product, opens it in Chromium and sums the gzip size of every
// JavaScript file the first page (/login/) loads, then of the signed-in landing page.
import { spawn, execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_KB = 300;
const port = 8191;
execSync('npm run --silent build', { cwd: root, stdio: 'inherit' });

const server = spawn('npx', ['tsx', 'e2e/server.ts'], {
  cwd: root,
  env: { ...process.env, E2E_PORT: String(port) },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    /* not up yet */
  }
  if (i > 120) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 500));
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
async function measure(page, label, go, budget = true) {
  const files = new Map();
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (!url.pathname.endsWith('.js')) return;
    const body = await res.body().catch(() => undefined);
    if (body) files.set(url.pathname, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  await go();
  await page.waitForLoadState('networkidle');
  page.removeAllListeners('response');
  const gzip = [...files.values()].reduce((s, f) => s + f.gzip, 0);
  const raw = [...files.values()].reduce((s, f) => s + f.raw, 0);
  console.log(
    `${label}: ${files.size} JS files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip${budget ? ` (budget ${BUDGET_KB} KB)` : ''}`,
  );
  return gzip;
}

try {
  const fixtures = JSON.parse(readFileSync(path.join(root, '.tmp/e2e-fixtures.json'), 'utf8'));
  const context = await browser.newContext();
  const page = await context.newPage();
  const first = await measure(page, 'first page /login/', () => page.goto(`${base}/login/`));
  // Signed in: what the landing page adds on top of the first page (cached files are not counted again).
  await page.goto(`${base}/login/local/`);
  await page.getByLabel('Email').fill(fixtures.users.adminA);
  await page.getByLabel('Password').fill('e2e password 1');
  const landing = await measure(
    page,
    'after sign-in, landing page adds',
    async () => {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/dashboard\/overview/);
    },
    false,
  );
  console.log(`first page + landing: ${((first + landing) / 1024).toFixed(1)} KB gzip`);
  if (first / 1024 > BUDGET_KB) process.exitCode = 1;
} finally {
  await browser.close();
  server.kill();
}
