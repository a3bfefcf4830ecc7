import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import moduleFrontDoor from './eslint-rules/module-front-door.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/src/graphql/*-env.d.ts',
      // Fixtures of the lint rules' tests: files that break the rules on purpose.
      'eslint-rules/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules: a promise nobody awaits (or hands to a place that ignores it) loses its errors.
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // React Router's navigate resolves when the navigation has finished; a failed navigation is shown
          // by the route's error screen, so nobody needs to wait for it.
          allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['**/test/**/*.ts', '**/*.test.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A server module or web feature is entered through its index.ts, a package through its declared
    // exports (eslint-rules/module-front-door.js); tests of a module may import its internals.
    plugins: { adloom: { rules: { 'module-front-door': moduleFrontDoor } } },
    rules: { 'adloom/module-front-door': 'error' },
  },
  {
    // Tests reach into the module they test; packages they still enter by name.
    files: ['**/test/**', '**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { 'adloom/module-front-door': ['error', { areas: [] }] },
  },
  {
    // Benchmarks measure a module's or a package's inside; the renderer's cross-engine test reads its
    // golden cases and pixel comparison, which the renderer keeps for its own tests.
    files: ['scripts/bench*', 'scripts/bench*/**', 'e2e/renderer.spec.ts'],
    rules: { 'adloom/module-front-door': 'off' },
  },
);
