#!/usr/bin/env node
// `npm run worker`: a process that works the job queue, on DATABASE_URL's server or joining the `npm start`
// that runs the embedded database of DATA_DIR. Installs what is missing and builds the server when it is
// stale, like `npm start`, then runs apps/server/dist/worker.js.
import { buildIfStale, installIfNeeded, runChild } from './lib/prepare.mjs';

// The environment a rendering process starts with: keep in step with RENDER_WORKER_ENV
// (packages/renderer/src/server/worker-env.ts), which explains both values.
const RENDER_WORKER_ENV = { MALLOC_ARENA_MAX: '2', UV_THREADPOOL_SIZE: '2' };

installIfNeeded('npm run worker');
// A worker needs the server and the renderer's build (fonts), not the web app.
buildIfStale('npm run worker', {
  sourceDirs: ['apps/server', 'packages'],
  outputs: ['apps/server/dist/worker.js', 'packages/renderer/dist/fonts/catalogue.json'],
  command: 'npm run build -w @adloom/renderer && npm run build -w @adloom/server',
});
runChild('apps/server/dist/worker.js', RENDER_WORKER_ENV);
