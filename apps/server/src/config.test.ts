import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const configSource = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The names in the first column of the README's settings table. */
function documentedSettings(): Set<string> {
  const table = readme.slice(readme.indexOf('## Settings (environment)'));
  const rows = table.split('\n').filter((line) => line.startsWith('| `'));
  return new Set(
    rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!)),
  );
}

describe('settings', () => {
  it('are all read in config.ts, and every one it reads is in the README table', () => {
    const read = new Set([...configSource.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!));
    expect(read.size).toBeGreaterThan(30);
    const documented = documentedSettings();
    expect([...read].filter((name) => !documented.has(name))).toEqual([]);
    // Nothing in the table that the server no longer reads.
    expect([...documented].filter((name) => !read.has(name))).toEqual([]);
  });

  it('default as the README says for the first-run ones', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      sessionDays: 14,
      seedDemo: true,
      fetchAllowHosts: [],
      logLevel: 'info',
    });
    expect(loadConfig({ FETCH_ALLOW_HOSTS: 'cdn.shop.test, localhost' }).fetchAllowHosts).toEqual([
      'cdn.shop.test',
      'localhost',
    ]);
  });
});
