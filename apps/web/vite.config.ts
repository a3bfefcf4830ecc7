import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The Adloom server in development; the SPA is served by it in production. */
const backend = 'http://localhost:8080';
const proxiedPrefixes = [
  '/api',
  '/auth',
  '/healthz',
  '/renderer',
  '/files',
  '/uploads',
  '/assets/fonts',
  '/export',
];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // A feature's modules only declare things (components, hooks, queries): importing one runs nothing.
      // Saying so lets the bundler drop what a feature's index.ts re-exports but a chunk does not use, so
      // the router's screen loaders bring no other part of a feature into the first page. (The builder,
      // a chunk of its own behind loadBuilderScreen, keeps the default.)
      treeshake: { moduleSideEffects: [{ test: /\/src\/features\/(?!builder\/)/, sideEffects: false }] },
    },
  },
  server: {
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: backend }])),
  },
});
