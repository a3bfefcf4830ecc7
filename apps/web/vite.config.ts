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
  },
  server: {
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: backend }])),
  },
});
