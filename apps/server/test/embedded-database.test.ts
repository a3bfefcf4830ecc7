/**
 * Issue 14, item 1: the embedded database of DATA_DIR shared by the product's processes, as a user runs
 * them: `npm start`, the admin command line while it runs, `npm run worker`, backups, and the ways a
 * server ends (SIGTERM, SIGKILL). Each runs as its own process from source.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, truncate, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startProcess, startServer, type RunningProcess } from './fixtures/processes.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function signInStatus(port: number, email: string, password: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

const PASSWORD = 'a long enough password';

describe('the embedded database shared by the processes of one DATA_DIR', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let port: number;
  let server: RunningProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'adloom-embedded-'));
    port = await freePort();
    env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    server = await startServer(env);
  }, 120_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second `npm start` on the same DATA_DIR at once, naming the process that holds it', async () => {
    const second = startProcess('main', [], { ...env, PORT: String(await freePort()) });
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(`is in use by process ${server!.child.pid} (npm start`);
    // The first one is unharmed.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  }, 60_000);

  it('hands admin commands to the running server: a user created from the command line signs in at once', async () => {
    const created = runCli(
      [
        'user:create',
        '--email',
        'first@example.com',
        '--password',
        PASSWORD,
        '--client',
        'Cli Shop',
        '--admin',
      ],
      env,
    );
    expect(created.code, created.err).toBe(0);
    expect(created.out).toMatch(/created user first@example.com .* in client "Cli Shop"/);
    expect(await signInStatus(port, 'first@example.com', PASSWORD)).toBe(200);
  }, 60_000);

  it('lets `npm run worker` join the running server, and stops it on SIGTERM', async () => {
    const worker = startProcess('worker', [], env);
    await worker.waitFor(/joined the server of/);
    const signalled = Date.now();
    worker.child.kill('SIGTERM');
    const { code } = await worker.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
  }, 60_000);

  it('backs up and restores online, and a damaged backup changes nothing', async () => {
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}-backup.tar.gz`);
    try {
      const backup = runCli(['backup', '--out', file], env);
      expect(backup.code, backup.err).toBe(0);
      expect(backup.out).toMatch(/backup written to .*: \d+ rows in \d+ tables, \d+ files/);

      const later = runCli(['user:create', '--email', 'later@example.com', '--password', PASSWORD], env);
      expect(later.code, later.err).toBe(0);
      expect(await signInStatus(port, 'later@example.com', PASSWORD)).toBe(200);

      const restore = runCli(['restore', '--from', file], env);
      expect(restore.code, restore.err).toBe(0);
      // The server kept serving, and now sees the backup's data.
      expect(await signInStatus(port, 'later@example.com', PASSWORD)).toBe(401);
      expect(await signInStatus(port, 'first@example.com', PASSWORD)).toBe(200);

      await truncate(file, Math.floor((await stat(file)).size / 2));
      const damaged = runCli(['restore', '--from', file], env);
      expect(damaged.code).toBe(1);
      expect(damaged.err).toMatch(/not a complete Adloom backup|incomplete/);
      expect(await signInStatus(port, 'first@example.com', PASSWORD)).toBe(200);
    } finally {
      await rm(file, { force: true });
    }
  }, 120_000);

  it('stops gracefully on SIGTERM within 10 s, its database with it', async () => {
    const signalled = Date.now();
    server!.child.kill('SIGTERM');
    const { code } = await server!.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'adloom.lock'))).toBe(false);
  }, 30_000);

  it('after a SIGKILL, the next start takes over the database left running, with every committed row', async () => {
    server = await startServer(env);
    const created = runCli(['user:create', '--email', 'killed@example.com', '--password', PASSWORD], env);
    expect(created.code, created.err).toBe(0);
    const orphan = Number(
      (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    server.child.kill('SIGKILL');
    await server.exited;
    // Its PostgreSQL outlives it, and a killed owner's lock does not stand in the way.
    expect(() => process.kill(orphan, 0)).not.toThrow();
    server = await startServer(env);
    expect(await signInStatus(port, 'killed@example.com', PASSWORD)).toBe(200);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  }, 120_000);

  it('without a server: `npm run worker` refuses, and the command line runs the database for itself', async () => {
    const worker = startProcess('worker', [], env);
    expect((await worker.exited).code).toBe(1);
    expect(worker.output()).toContain(`No Adloom server is running on DATA_DIR ${dataDir}`);

    const created = runCli(['user:create', '--email', 'offline@example.com', '--password', PASSWORD], env);
    expect(created.code, created.err).toBe(0);
    expect(existsSync(path.join(dataDir, 'adloom.lock'))).toBe(false);
    server = await startServer(env);
    expect(await signInStatus(port, 'offline@example.com', PASSWORD)).toBe(200);
  }, 120_000);
});
