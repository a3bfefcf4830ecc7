#!/usr/bin/env node
// `npm run worker`: worker processes that work the job queue (WORKER_PROCESSES, one per core by default),
// on DATABASE_URL's server or joining the `npm start` that runs the embedded database of DATA_DIR.
// Installs what is missing and builds the server when it is stale, like `npm start`, then runs
// apps/server/dist/worker.js, which starts the worker processes with the renderer's environment
// (apps/server/src/jobs/worker-fleet.ts).
import { buildIfStale, installIfNeeded, runChild } from './lib/prepare.mjs';

installIfNeeded('npm run worker');
// A worker needs the server and the renderer's build (fonts), not the web app.
buildIfStale('npm run worker', {
  sourceDirs: ['apps/server', 'packages'],
  outputs: ['apps/server/dist/worker.js', 'packages/renderer/dist/fonts/catalogue.json'],
  command: 'npm run build -w @adloom/renderer && npm run build -w @adloom/server',
});
runChild('apps/server/dist/worker.js', {});
