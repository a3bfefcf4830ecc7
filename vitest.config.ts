import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS and ESM side by side; Node loads the CJS build for the server's dependencies,
    // so the tests must too, or two copies of graphql meet ("from another module or realm").
    alias: [
      {
        find: /^graphql$/,
        replacement: fileURLToPath(new URL('./node_modules/graphql/index.js', import.meta.url)),
      },
    ],
  },
  test: {
    // The server's test databases (an embedded PostgreSQL, and TEST_DATABASE_URL's server when set).
    globalSetup: ['apps/server/test/setup/databases.ts'],
    include: [
      'apps/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.tsx',
      'apps/*/test/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'eslint-rules/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
