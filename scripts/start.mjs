#!/usr/bin/env node
// `npm start`: install what is missing, build what is stale, then serve (the server migrates at start).
// Uses only Node built-ins, because it runs before dependencies are installed.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  console.log('npm start: installing dependencies (npm ci)…');
  run('npm ci --no-audit --no-fund');
} else if (mtime(path.join(root, 'package-lock.json')) > mtime(installed)) {
  console.log('npm start: package-lock.json changed, installing…');
  run('npm install --no-audit --no-fund');
}

const sources = Math.max(
  newest(path.join(root, 'apps')),
  newest(path.join(root, 'packages')),
  mtime(path.join(root, 'package-lock.json')),
);
const built = Math.min(
  mtime(path.join(root, 'apps/server/dist/main.js')),
  mtime(path.join(root, 'apps/web/dist/index.html')),
  mtime(path.join(root, 'packages/renderer/dist/fonts/catalogue.json')),
);
if (built < sources) {
  console.log('npm start: building…');
  run('npm run build');
}

// Two malloc arenas: sharp and resvg allocate large image buffers from several threads, and glibc's
// default (eight arenas per core) lets a rendering process hold far more memory than it uses.
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
