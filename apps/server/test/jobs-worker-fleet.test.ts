/**
 * `npm run worker` (apps/server/src/worker.ts, jobs/worker-fleet.ts): WORKER_PROCESSES worker processes,
 * one per core unless set, each started with the renderer's RENDER_WORKER_ENV; a worker that dies is
 * started again; SIGTERM stops them all; a fleet whose workers cannot start exits 1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { RENDER_WORKER_ENV } from '@adloom/renderer/worker-env';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { describeEachDatabase } from './harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Fleet {
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
  /** The pids of the workers that said they work, in order. */
  workers(): number[];
}

/** Runs `npm run worker`'s entry point from source (`node --import tsx`, one process to signal). */
function startFleet(env: Record<string, string>): Fleet {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (data: Buffer) => output.push(...data.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return {
    process: child,
    output,
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
    workers: () =>
      output.flatMap((line) => {
        const working = /^Adloom worker (\d+) is working/.exec(line);
        return working ? [Number(working[1])] : [];
      }),
  };
}

async function waitFor(fleet: Fleet, check: () => boolean, what: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}:\n${fleet.output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A process's environment when it started (Linux). */
function environmentOf(pid: number): Record<string, string> {
  return Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('WORKER_PROCESSES', () => {
  it('is one per core unless set, and refuses what is not a whole number of processes', () => {
    expect(loadConfig({}).workerProcesses).toBe(os.availableParallelism());
    expect(loadConfig({ WORKER_PROCESSES: '3' }).workerProcesses).toBe(3);
    for (const value of ['0', 'two', '1.5', '-1'])
      expect(() => loadConfig({ WORKER_PROCESSES: value })).toThrow(/WORKER_PROCESSES: ".*" is not a number/);
  });
});

describeEachDatabase('npm run worker on %s', (kind) => {
  /** An empty database (not the migrated template): the workers migrate it as on a first start. */
  async function withEmptyDatabase(run: (url: string, dataDir: string) => Promise<void>) {
    const server = inject('testDatabases').find((d) => d.kind === kind)!;
    const name = `adloom_fleet_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adloom-fleet-'));
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(server.adminUrl);
      url.pathname = `/${name}`;
      await run(url.toString(), dataDir);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  it('starts WORKER_PROCESSES workers with the render environment, starts again one that dies, and stops them all on SIGTERM', async () => {
    await withEmptyDatabase(async (url, dataDir) => {
      const fleet = startFleet({ DATABASE_URL: url, DATA_DIR: dataDir, WORKER_PROCESSES: '2' });
      try {
        await waitFor(fleet, () => fleet.workers().length === 2, 'two workers working');
        const [first, second] = fleet.workers() as [number, number];
        for (const pid of [first, second]) expect(environmentOf(pid)).toMatchObject({ ...RENDER_WORKER_ENV });

        process.kill(first, 'SIGKILL');
        await waitFor(
          fleet,
          () => fleet.workers().length === 3,
          'a worker started in place of the killed one',
        );
        const third = fleet.workers()[2]!;
        expect([first, second]).not.toContain(third);
        expect(environmentOf(third)).toMatchObject({ ...RENDER_WORKER_ENV });

        fleet.process.kill('SIGTERM');
        expect(await fleet.exited).toBe(0);
        expect([second, third].filter(alive)).toEqual([]);
      } finally {
        fleet.process.kill('SIGKILL');
        for (const pid of fleet.workers()) if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
    });
  }, 120_000);

  it('migrates a fresh database once when several processes start on it together', async () => {
    await withEmptyDatabase(async (url) => {
      const processes = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 2 })),
      );
      try {
        await Promise.all(processes.map((database) => database.migrate()));
        const { rows } = await processes[0]!.pool.query(
          'select count(*)::int as applied from drizzle.__drizzle_migrations',
        );
        const journal = JSON.parse(
          readFileSync(path.join(root, 'apps/server/drizzle/meta/_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        expect(rows[0].applied).toBe(journal.entries.length);
      } finally {
        await Promise.all(processes.map((database) => database.close()));
      }
    });
  }, 60_000);

  it('exits 1, naming the problem, when its workers cannot start', async () => {
    const server = inject('testDatabases').find((d) => d.kind === kind)!;
    const url = new URL(server.adminUrl);
    url.pathname = `/adloom_fleet_missing_${randomBytes(6).toString('hex')}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adloom-fleet-'));
    try {
      const fleet = startFleet({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, WORKER_PROCESSES: '2' });
      expect(await fleet.exited).toBe(1);
      expect(fleet.output.join('\n')).toMatch(/does not exist/);
      expect(fleet.output.join('\n')).toMatch(/worker 1 exited with code 1 before it started/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
