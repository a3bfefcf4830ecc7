#!/usr/bin/env node
// `npm start`: install what is missing, build what is stale, then serve (the server migrates at start).
import { buildIfStale, installIfNeeded, runChild } from './lib/prepare.mjs';

installIfNeeded('npm start');
buildIfStale('npm start', {
  sourceDirs: ['apps', 'packages'],
  outputs: [
    'apps/server/dist/main.js',
    'apps/web/dist/index.html',
    'packages/renderer/dist/fonts/catalogue.json',
  ],
  command: 'npm run build',
});
// Two malloc arenas: sharp and resvg allocate large image buffers from several threads, and glibc's
// default (eight arenas per core) lets a rendering process hold far more memory than it uses.
runChild('apps/server/dist/main.js', { MALLOC_ARENA_MAX: '2' });
