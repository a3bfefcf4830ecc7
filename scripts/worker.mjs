#!/usr/bin/env node
// `npm run worker`: a process that works the job queue (PostgreSQL only). Installs what is missing and
// builds the server when it is stale, like `npm start`, then runs apps/server/dist/worker.js.
// Uses only Node built-ins, because it runs before dependencies are installed.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The environment a rendering process starts with: keep in step with RENDER_WORKER_ENV
// (packages/renderer/src/server/worker-env.ts), which explains both values.
const RENDER_WORKER_ENV = { MALLOC_ARENA_MAX: '2', UV_THREADPOOL_SIZE: '2' };

if (!process.env.DATABASE_URL) {
  console.error(
    'npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database the web process runs the jobs itself',
  );
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

const installed = path.join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed)) {
  console.log('npm run worker: installing dependencies (npm ci)…');
  run('npm ci --no-audit --no-fund');
} else if (mtime(path.join(root, 'package-lock.json')) > mtime(installed)) {
  console.log('npm run worker: package-lock.json changed, installing…');
  run('npm install --no-audit --no-fund');
}

// A worker needs the server and the renderer's build (fonts), not the web app.
const sources = Math.max(
  newest(path.join(root, 'apps/server')),
  newest(path.join(root, 'packages')),
  mtime(path.join(root, 'package-lock.json')),
);
const built = Math.min(
  mtime(path.join(root, 'apps/server/dist/worker.js')),
  mtime(path.join(root, 'packages/renderer/dist/fonts/catalogue.json')),
);
if (built < sources) {
  console.log('npm run worker: building…');
  run('npm run build -w @adloom/renderer && npm run build -w @adloom/server');
}

const worker = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/worker.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...RENDER_WORKER_ENV, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
worker.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
