import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { seedEmptyDatabase } from '../src/seed.js';
import { gql, sessionFrom, signIn, type TestApp } from './harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'adloom-cli-'));

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: 'http://adloom.test' },
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

async function withApp<T>(run: (t: TestApp) => Promise<T>): Promise<T> {
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://adloom.test', LOG_LEVEL: 'silent' });
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const { app, deps } = await buildApp({ config, database, logger: false });
  try {
    return await run({ app, deps, config, mails: [], close: async () => undefined });
  } finally {
    await app.close();
    await database.close();
  }
}

describe('admin command line', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates clients and users, and prints a token sign-in URL that works once', async () => {
    const client = cli('client:create', '--name', 'Cli Shop', '--plan', 'paying');
    expect(client.code, client.err).toBe(0);
    expect(client.out).toMatch(/created client "Cli Shop"/);

    const user = cli(
      'user:create',
      '--email',
      'Cli@Example.com',
      '--password',
      'cli password',
      '--first',
      'Cleo',
      '--last',
      'Line',
      '--client',
      'Cli Shop',
      '--admin',
    );
    expect(user.code, user.err).toBe(0);
    expect(user.out).toMatch(/created user cli@example.com .* in client "Cli Shop" .* as admin/);

    const dup = cli('user:create', '--email', 'cli@example.com', '--password', 'cli password');
    expect(dup.code).toBe(1);
    expect(dup.err).toContain('A user with this e-mail already exists.');
    const badPlan = cli('client:create', '--name', 'X', '--plan', 'gold');
    expect(badPlan.code).toBe(1);

    const token = cli('token:create', '--email', 'cli@example.com');
    expect(token.code, token.err).toBe(0);
    const url = new URL(token.out.trim());
    expect(url.pathname).toBe('/auth/login/token/');

    await withApp(async (t) => {
      const session = await signIn(t, 'cli@example.com', 'cli password');
      const me = await gql(t, {
        session,
        query: '{ me { firstName clients { name permissions { isAdmin } } } }',
      });
      expect(me.data?.me).toEqual({
        firstName: 'Cleo',
        clients: [{ name: 'Cli Shop', permissions: { isAdmin: true } }],
      });
      const byToken = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(byToken.headers.location).toBe('/');
      const tokenMe = await gql(t, { session: sessionFrom(byToken), query: '{ me { tokenAuth } }' });
      expect(tokenMe.data?.me.tokenAuth).toBe(true);
    });
    // Five command-line runs, each starting Node, tsx and PGlite: slow on a busy 2-core machine.
  }, 120_000);

  // The seed builds the demo client's performance data too: seconds more on a busy machine.
  it('seeds a demo client and admin only on an empty database', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'adloom-seed-'));
    const database = await openDatabase({ dataDir: empty });
    try {
      await database.migrate();
      const first = await seedEmptyDatabase(database.db);
      expect(first).toMatchObject({ email: 'admin@adloom.local' });
      expect(first!.password.length).toBeGreaterThanOrEqual(12);
      expect(await seedEmptyDatabase(database.db)).toBeNull();
    } finally {
      await database.close();
      rmSync(empty, { recursive: true, force: true });
    }
  }, 120_000);
});
