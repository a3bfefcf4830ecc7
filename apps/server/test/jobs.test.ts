import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { writeFinalState } from '../src/jobs/final-state.js';
import {
  createJobQueue,
  queueSqlExecutor,
  type JobLogger,
  type JobQueue,
  type JobQueueOptions,
} from '../src/jobs/queue.js';
import { describeEachDatabase, openTestDatabase } from './harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const quiet: JobLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: (o, m) => console.error(m, o),
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 20_000, what = 'condition') {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

let seq = 0;
const queueName = () => `test-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

describeEachDatabase('job queue on %s', (kind) => {
  let database: Database;
  const queues: JobQueue[] = [];
  const open = (o: JobQueueOptions = {}) => {
    const q = createJobQueue(database, { pollingIntervalMs: 50, log: quiet, ...o });
    queues.push(q);
    return q;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Dropping the test database terminates pool connections that are still closing; the pool reports
    // that as an 'error' event, an uncaught exception without a listener.
    database.pool?.on('error', () => undefined);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop({ graceful: false })));
  });
  afterAll(async () => {
    await database.close();
  });

  it('sends a job, works it and keeps its output', async () => {
    const queue = open();
    const name = queueName();
    const seen: unknown[] = [];
    await queue.work<{ n: number }>(name, {}, async (job) => {
      seen.push(job.data);
      return { doubled: job.data.n * 2, retryCount: job.retryCount };
    });
    const id = await queue.send(name, { n: 21 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(async () => (await queue.getJob(name, id!))?.state === 'completed');
    const job = await queue.getJob(name, id!);
    expect(job).toMatchObject({ id, name, state: 'completed', data: { n: 21 }, error: null, retryCount: 0 });
    expect(job!.output).toEqual({ doubled: 42, retryCount: 0 });
    expect(job!.completedOn).toBeInstanceOf(Date);
    expect(seen).toEqual([{ n: 21 }]);
    expect(await queue.getJob(name, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it.runIf(kind === 'postgres')(
    "wakes another queue's idle workers when a job is sent, without waiting for their poll",
    async () => {
      // Two queues as two processes have them: the worker polls once a minute, the sender is elsewhere.
      const worker = open({ pollingIntervalMs: 60_000 });
      const sender = open();
      const name = queueName();
      const seen: number[] = [];
      await worker.work<{ n: number }>(name, {}, (job) => {
        seen.push(job.data.n);
      });
      await sleep(200); // the worker's first fetch found nothing: it is idle for a minute now
      const id = await sender.send(name, { n: 1 });
      await waitFor(async () => (await sender.getJob(name, id!))?.state === 'completed', 10_000, 'the job');
      expect(seen).toEqual([1]);
      await sender.sendMany(name, [{ data: { n: 2 } }, { data: { n: 3 } }]);
      await waitFor(() => seen.length === 3, 10_000, 'the batch');
      expect(seen.sort()).toEqual([1, 2, 3]);
    },
  );

  it('prefetches a batch: every job runs once with its own output, and a stop hands back those waiting', async () => {
    const queue = open();
    const name = queueName();
    const ran: number[] = [];
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await queue.sendMany(
      name,
      Array.from({ length: 12 }, (_, n) => ({ data: { n } })),
    );
    const worker = await queue.work<{ n: number }>(name, { concurrency: 1, batchSize: 5 }, async (job) => {
      ran.push(job.data.n);
      if (ran.length === 3) await held; // the third job holds the worker while two wait in it
      return { n: job.data.n, even: job.data.n % 2 === 0 };
    });
    await waitFor(() => ran.length === 3, 10_000, 'the third job');
    const stopping = queue.offWork(worker);
    release!();
    await stopping;
    // Three ran and are completed with their own outputs; the two waiting went back, not retried.
    const counts = await queue.counts(name);
    expect(counts).toMatchObject({ completed: 3, created: 9, active: 0, retry: 0 });
    // Another worker runs the rest, each once.
    const other = open();
    await other.work<{ n: number }>(name, { concurrency: 1, batchSize: 5 }, async (job) => {
      ran.push(job.data.n);
      return { n: job.data.n, even: job.data.n % 2 === 0 };
    });
    await waitFor(async () => (await other.counts(name)).completed === 12, 10_000, 'all jobs');
    expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n));
    const { rows } = await queueSqlExecutor(database).executeSql(
      `SELECT data->>'n' AS n, output, retry_count FROM pgboss.job WHERE name = $1`,
      [name],
    );
    for (const row of rows) {
      const n = Number(row.n);
      expect(row.output).toEqual({ n, even: n % 2 === 0 });
      expect(Number(row.retry_count)).toBe(0);
    }
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const queue = open();
    const name = queueName();
    const runs: number[] = [];
    await queue.work(name, {}, async (job) => {
      runs.push(Date.now());
      if (job.retryCount < 2) throw new Error(`attempt ${job.retryCount} failed`);
      return { ok: true };
    });
    const id = (await queue.send(name, {}, { retryLimit: 3, retryDelay: 1, retryBackoff: true }))!;
    await waitFor(async () => (await queue.getJob(name, id))?.state === 'retry');
    expect((await queue.getJob(name, id))!.error).toBe('attempt 0 failed');
    await waitFor(async () => (await queue.getJob(name, id))?.state === 'completed');
    const job = (await queue.getJob(name, id))!;
    expect(job).toMatchObject({ state: 'completed', retryCount: 2, output: { ok: true } });
    expect(runs).toHaveLength(3);
    // Backoff: the first retry waits 1-2 s, the second 2-4 s.
    const [first, second] = [runs[1]! - runs[0]!, runs[2]! - runs[1]!];
    expect(first).toBeGreaterThanOrEqual(900);
    expect(second).toBeGreaterThanOrEqual(1900);
  });

  it('fails a job for good after its retry limit', async () => {
    const queue = open();
    const name = queueName();
    let runs = 0;
    await queue.work(name, {}, async () => {
      runs += 1;
      throw new Error('always broken');
    });
    const id = (await queue.send(name, {}, { retryLimit: 2, retryDelay: 0, retryBackoff: false }))!;
    await waitFor(async () => (await queue.getJob(name, id))?.state === 'failed');
    expect(await queue.getJob(name, id)).toMatchObject({
      state: 'failed',
      retryCount: 2,
      error: 'always broken',
      output: null,
    });
    await sleep(300);
    expect(runs).toBe(3);
  });

  it('sends a job that ends failed to its dead-letter queue, whose handler can write the final state', async () => {
    const queue = open({ maintenanceIntervalSeconds: 1 });
    const name = queueName();
    const orphans = queueName();
    const dead = `${name}-failed`;
    const buried: unknown[] = [];
    await queue.work(dead, {}, async (job) => {
      buried.push(job.data);
    });
    await queue.work(name, {}, async () => {
      throw new Error('broken for good');
    });
    await queue.send(
      name,
      { item: 1 },
      { retryLimit: 1, retryDelay: 0, retryBackoff: false, deadLetter: dead },
    );
    // Also when the last attempt never ended (its worker was killed): failed by maintenance after expiry.
    const id = await queue.send(
      orphans,
      { item: 2 },
      { retryLimit: 0, expireInSeconds: 1, deadLetter: dead },
    );
    await database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() - interval '1 hour' where id = ${id}`,
    );
    await waitFor(() => buried.length === 2, 15_000, 'two dead letters');
    expect(buried).toEqual(expect.arrayContaining([{ item: 1 }, { item: 2 }]));
    expect((await queue.counts(name)).failed).toBe(1);
    expect(await queue.getJob(orphans, id!)).toMatchObject({
      state: 'failed',
      error: 'job failed by timeout in active state',
    });
  });

  it('drops a job whose singleton key is already waiting', async () => {
    const queue = open();
    const name = queueName();
    const a = await queue.send(name, { v: 1 }, { singletonKey: 'item-1' });
    const b = await queue.send(name, { v: 2 }, { singletonKey: 'item-1' });
    const c = await queue.send(name, { v: 3 }, { singletonKey: 'item-2' });
    expect(a).toBeTruthy();
    expect(b).toBeNull();
    expect(c).toBeTruthy();
    expect(
      await queue.sendMany(name, [
        { data: { v: 4 }, options: { singletonKey: 'item-1' } },
        { data: { v: 5 }, options: { singletonKey: 'item-3' } },
      ]),
    ).toBe(1);
    expect((await queue.counts(name)).created).toBe(3);

    const seen: number[] = [];
    await queue.work<{ v: number }>(name, { concurrency: 3 }, async (job) => {
      seen.push(job.data.v);
    });
    await waitFor(async () => (await queue.counts(name)).completed === 3);
    expect(seen.sort()).toEqual([1, 3, 5]);
    // Once the job has run, the same key queues a new run (the item may have changed since).
    expect(await queue.send(name, { v: 6 }, { singletonKey: 'item-1' })).toBeTruthy();
  });

  it('finds the keys without a live job: waiting, retrying and running jobs hold their key, finished ones not', async () => {
    const queue = open();
    const name = queueName();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await queue.work<{ key: string }>(name, { concurrency: 4 }, async (job) => {
      if (job.data.key === 'running') await released;
      if (job.data.key === 'retrying' || job.data.key === 'failed') throw new Error('no');
    });
    const ids = new Map<string, string>();
    for (const [key, options] of [
      ['waiting', { startAfterSeconds: 3600 }],
      ['retrying', { retryLimit: 1, retryDelay: 3600, retryBackoff: false }],
      ['running', {}],
      ['completed', {}],
      ['failed', { retryLimit: 0 }],
    ] as const)
      ids.set(key, (await queue.send(name, { key }, { singletonKey: key, ...options }))!);
    const stateOf = async (key: string) => (await queue.getJob(name, ids.get(key)!))?.state;
    await waitFor(
      async () =>
        (await stateOf('retrying')) === 'retry' &&
        (await stateOf('running')) === 'active' &&
        (await stateOf('completed')) === 'completed' &&
        (await stateOf('failed')) === 'failed',
      20_000,
      'each job in its state',
    );
    expect(await stateOf('waiting')).toBe('created');
    expect(
      await queue.keysWithoutLiveJob(name, [
        'waiting',
        'retrying',
        'running',
        'completed',
        'failed',
        'never',
      ]),
    ).toEqual(['completed', 'failed', 'never']);
    release();
  });

  it('creates queues from several processes starting at once on a fresh database, without deadlocks', async () => {
    // A fleet of workers starting together on a new database each install the queue's schema and create
    // every queue, in no set order: pg-boss's install failed in the second process (its CREATE SCHEMA IF
    // NOT EXISTS), and its queue creation deadlocked between two processes creating two queues.
    const schema = `jobs_fresh_${Math.random().toString(36).slice(2, 8)}`;
    const processes = Array.from({ length: 4 }, () => open({ schema }));
    const names = Array.from({ length: 6 }, () => queueName());
    try {
      await Promise.all(
        processes.map((queue, p) =>
          Promise.all(names.map((_, n) => queue.sendMany(names[(n + p) % names.length]!, []))),
        ),
      );
      for (const name of names) expect(await processes[0]!.send(name, { name })).toBeTruthy();
      for (const name of names) expect((await processes[3]!.counts(name)).created).toBe(1);
    } finally {
      await Promise.all(processes.map((queue) => queue.stop({ graceful: false })));
      await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    }
  });

  it('sends 2000 jobs in batches and runs each once', async () => {
    const queue = open();
    const name = queueName();
    await queue.start();
    const jobs = Array.from({ length: 2000 }, (_, i) => ({
      data: { item: i },
      options: { singletonKey: `i${i}` },
    }));
    const t0 = performance.now();
    expect(await queue.sendMany(name, jobs)).toBe(2000);
    const sent = performance.now() - t0;
    expect((await queue.counts(name)).created).toBe(2000);

    const runs = new Map<number, number>();
    const t1 = performance.now();
    await queue.work<{ item: number }>(name, { concurrency: 20 }, async (job) => {
      runs.set(job.data.item, (runs.get(job.data.item) ?? 0) + 1);
    });
    await waitFor(async () => (await queue.counts(name)).completed === 2000, 60_000, '2000 completed jobs');
    const worked = performance.now() - t1;
    console.log(
      `[jobs ${kind}] sendMany 2000 jobs: ${sent.toFixed(0)} ms; worked 2000 no-op jobs (concurrency 20): ${worked.toFixed(0)} ms`,
    );
    expect(runs.size).toBe(2000);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(sent).toBeLessThan(5000);
  }, 90_000);

  it('counts jobs per state', async () => {
    const queue = open();
    const name = queueName();
    expect(await queue.counts(name)).toEqual({
      created: 0,
      retry: 0,
      active: 0,
      completed: 0,
      cancelled: 0,
      failed: 0,
      total: 0,
    });
    for (const ok of [true, true, false]) await queue.send(name, { ok }, { retryLimit: 0 });
    expect(await queue.counts(name)).toMatchObject({ created: 3, completed: 0, total: 3 });
    await queue.work<{ ok: boolean }>(name, { concurrency: 3 }, async (job) => {
      if (!job.data.ok) throw new Error('no');
    });
    await waitFor(
      async () => (await queue.counts(name)).failed === 1 && (await queue.counts(name)).completed === 2,
    );
    expect(await queue.counts(name)).toMatchObject({
      created: 0,
      active: 0,
      completed: 2,
      failed: 1,
      total: 3,
    });
  });

  it('aborts a run that outlives its expiry and retries it', async () => {
    const queue = open();
    const name = queueName();
    let runs = 0;
    await queue.work(name, {}, async (job) => {
      runs += 1;
      if (job.retryCount === 0)
        await new Promise((resolve) => job.signal.addEventListener('abort', resolve, { once: true }));
      return { run: runs };
    });
    const id = (await queue.send(
      name,
      {},
      { expireInSeconds: 1, retryLimit: 1, retryDelay: 0, retryBackoff: false },
    ))!;
    await waitFor(async () => (await queue.getJob(name, id))?.state === 'completed');
    expect(await queue.getJob(name, id)).toMatchObject({ retryCount: 1, output: { run: 2 } });
  });

  it('retries, through maintenance, a job whose worker died while holding it', async () => {
    const queue = open({ maintenanceIntervalSeconds: 1 });
    const name = queueName();
    const id = (await queue.send(
      name,
      { x: 1 },
      { expireInSeconds: 1, retryDelay: 0, retryBackoff: false },
    ))!;
    // What a killed worker leaves behind: the job active, started long ago, never completed.
    await database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() - interval '1 hour' where id = ${id}`,
    );
    expect((await queue.getJob(name, id))!.state).toBe('active');
    let runs = 0;
    await queue.work(name, {}, async () => {
      runs += 1;
    });
    await waitFor(async () => (await queue.getJob(name, id))?.state === 'completed', 15_000);
    expect(runs).toBe(1);
    expect((await queue.getJob(name, id))!.retryCount).toBe(1);
  });

  it('runs again, long before its expiry, a job whose worker was killed with SIGKILL', async () => {
    const name = queueName();
    const sender = open();
    // A 5-minute expiry: without the liveness check the job would wait that long for maintenance.
    const id = (await sender.send(
      name,
      { x: 1 },
      { expireInSeconds: 300, retryDelay: 0, retryBackoff: false },
    ))!;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/test/fixtures/liveness-worker.ts'],
      {
        cwd: root,
        env: { ...process.env, LIVENESS_DATABASE_URL: database.url, LIVENESS_QUEUE: name },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes(`started ${id}`) && resolve());
      child.on('exit', () => reject(new Error('the worker exited before taking the job')));
    });
    child.kill('SIGKILL');
    await exited;
    expect((await sender.getJob(name, id))!.state).toBe('active');

    const survivor = open({ orphanSweepMs: 200 });
    let runs = 0;
    await survivor.work(name, {}, async () => {
      runs += 1;
    });
    await waitFor(async () => (await survivor.getJob(name, id))?.state === 'completed', 45_000);
    expect(runs).toBe(1);
    // Failed once by the sweep (its worker was dead), then run here.
    expect((await survivor.getJob(name, id))!.retryCount).toBe(1);
  });

  // A worker killed as it takes a job: a trigger holds the statement that stamps the job with the
  // worker's key (as a busy pool or event loop can), the process is killed there, and the held
  // statement's backend ends with it, as a statement never sent. A stamp written after the fetch left the
  // job active and nobody's, unseen by the sweep until its expiry (5 minutes here, 4 hours for an import,
  // holding its client's place meanwhile): the chaos test's stuck imports. Fetched and stamped in one
  // statement, the job is still waiting.
  it.each([
    { fetch: 'the plain fetch', perGroup: false },
    { fetch: 'the fetch of a perGroup worker', perGroup: true },
  ])(
    'runs again, long before its expiry, a job whose worker was killed as it took it ($fetch)',
    async ({ perGroup }) => {
      const name = queueName();
      const sender = open();
      const id = (await sender.send(
        name,
        { x: 1 },
        { expireInSeconds: 300, retryDelay: 0, retryBackoff: false, ...(perGroup ? { group: 'g' } : {}) },
      ))!;
      const trigger = `hold_stamp_${name.replace(/\W/g, '_')}`;
      const run = (text: string) => database.db.execute(sql.raw(text));
      await run(`CREATE FUNCTION public.${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.name = '${name}' AND NEW.output ? 'worker' THEN PERFORM pg_sleep(120); END IF;
          RETURN NEW;
        END $$`);
      await run(
        `CREATE TRIGGER ${trigger} BEFORE UPDATE ON pgboss.job FOR EACH ROW EXECUTE FUNCTION public.${trigger}()`,
      );
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'apps/server/test/fixtures/liveness-worker.ts'],
        {
          cwd: root,
          env: {
            ...process.env,
            LIVENESS_DATABASE_URL: database.url,
            LIVENESS_QUEUE: name,
            ...(perGroup ? { LIVENESS_PER_GROUP: '1' } : {}),
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const exited = new Promise((resolve) => child.on('exit', resolve));
      try {
        let held: number | undefined;
        await waitFor(
          async () => {
            const { rows } = (await run(
              `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'`,
            )) as unknown as { rows: { pid: number }[] };
            held = rows[0]?.pid;
            return held !== undefined;
          },
          30_000,
          'the worker to mark the job as its own',
        );
        child.kill('SIGKILL');
        await exited;
        // Its statement dies with it, as one it never sent.
        await run(`SELECT pg_terminate_backend(${held}, 10000)`);
      } finally {
        child.kill('SIGKILL');
        await run(`DROP TRIGGER IF EXISTS ${trigger} ON pgboss.job`);
        await run(`DROP FUNCTION IF EXISTS public.${trigger}()`);
      }

      const survivor = open({ orphanSweepMs: 200 });
      let runs = 0;
      await survivor.work(name, perGroup ? { perGroup: 1 } : {}, async () => {
        runs += 1;
      });
      const job = () => survivor.getJob(name, id);
      await waitFor(async () => (await job())?.state === 'completed', 20_000, 'the job to run again').catch(
        async (error: Error) => {
          const left = await job();
          throw new Error(
            `${error.message}: it is ${left?.state}, started ${left?.startedOn?.toISOString()}`,
          );
        },
      );
      expect(runs).toBe(1);
    },
    90_000,
  );

  it('leaves alone the running job of a live worker', async () => {
    const name = queueName();
    const worker = open({ orphanSweepMs: 100 });
    const other = open({ orphanSweepMs: 100 });
    let release: () => void = () => undefined;
    let started = 0;
    await worker.work(name, {}, async () => {
      started += 1;
      await new Promise<void>((resolve) => (release = resolve));
    });
    await other.work(queueName(), {}, async () => undefined);
    const id = (await worker.send(name, {}, { expireInSeconds: 300 }))!;
    await waitFor(async () => started === 1, 10_000);
    // Old enough for the sweep to judge it (10 s) ...
    await database.db.execute(
      sql`update pgboss.job set started_on = now() - interval '1 minute' where id = ${id}`,
    );
    // ... beside a job that a dead worker (a key nobody holds) left active: once that one is failed,
    // the sweep has judged both.
    const dead = (await worker.send(name, {}, { expireInSeconds: 300, retryLimit: 0 }))!;
    await database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() - interval '1 minute',
            output = '{"worker": 12345}'::jsonb where id = ${dead}`,
    );
    await waitFor(
      async () => (await worker.getJob(name, dead))?.state === 'failed',
      10_000,
      'the dead job failed',
    );
    expect((await worker.getJob(name, id))!.state).toBe('active');
    release();
    await waitFor(async () => (await worker.getJob(name, id))?.state === 'completed', 10_000);
    expect(started).toBe(1);
  });

  it('idle workers of a process look for work together, and only the queue with a job ready fetches', async () => {
    // The queue's statements on the pool, seen by a proxy (the text and the queue it names).
    const statements: { text: string; values: unknown[] }[] = [];
    const pool = new Proxy(database.pool!, {
      get(target, property, receiver) {
        if (property === 'query')
          return (text: string, values?: unknown[]) => {
            statements.push({ text, values: values ?? [] });
            return target.query(text, values);
          };
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const queue = createJobQueue({ ...database, pool }, { pollingIntervalMs: 20, log: quiet });
    queues.push(queue);
    const names = Array.from({ length: 8 }, () => queueName());
    const ran: string[] = [];
    for (const name of names)
      await queue.work<{ name: string }>(name, {}, (job) => {
        ran.push(job.data.name);
      });
    const checks = () => statements.filter((s) => s.text.includes('CROSS JOIN LATERAL'));
    const fetchesOf = (name: string) =>
      statements.filter((s) => s.text.includes('SKIP LOCKED') && s.values[0] === name).length;
    const askedForAll = () =>
      checks().some((check) => names.every((name) => (check.values[0] as string[]).includes(name)));
    await waitFor(askedForAll, 20_000, 'a check asking for every queue');
    // Each worker fetched once as it started, then waited: one statement asked for all of them.
    for (const name of names) expect(fetchesOf(name)).toBe(1);

    // A job that becomes ready later, with no send to wake anyone: the idle check finds it.
    const other = open();
    await other.send(names[3]!, { name: names[3] }, { startAfterSeconds: 1 });
    const before = names.map(fetchesOf);
    await waitFor(() => ran.length === 1, 20_000, 'the delayed job');
    expect(ran).toEqual([names[3]]);
    names.forEach((name, i) => {
      if (i !== 3) expect(fetchesOf(name)).toBe(before[i]);
    });
  });

  it('stops gracefully: running jobs finish, then no more are fetched', async () => {
    const queue = open();
    const name = queueName();
    let started = 0;
    let finished = 0;
    await queue.work(name, { concurrency: 2 }, async () => {
      started += 1;
      await sleep(300);
      finished += 1;
    });
    const ids = await Promise.all([1, 2, 3, 4].map((i) => queue.send(name, { i })));
    await waitFor(() => started === 2);
    await queue.stop({ graceful: true });
    expect(finished).toBe(2);
    const other = open();
    const states = await Promise.all(ids.map(async (id) => (await other.getJob(name, id!))!.state));
    expect(states.sort()).toEqual(['completed', 'completed', 'created', 'created']);
    await expect(queue.send(name, {})).rejects.toThrow(/stopped/);
  });

  it('stops without waiting: running jobs are aborted and handed back, no retry used up', async () => {
    const queue = open();
    const name = queueName();
    let started = 0;
    await queue.work(name, {}, async (job) => {
      started += 1;
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve, { once: true }));
    });
    const id = (await queue.send(name, {}, { retryDelay: 60, retryLimit: 0 }))!;
    await waitFor(() => started === 1);
    await queue.stop({ graceful: false });
    const other = open();
    // Back in the queue as if never fetched: a job without retries (an import) is not lost to a restart.
    expect(await other.getJob(name, id)).toMatchObject({ state: 'created', retryCount: 0, startedOn: null });
    let ranAgain = false;
    await other.work(name, {}, async () => {
      ranAgain = true;
    });
    await waitFor(() => ranAgain);
  });

  it('leaves no aborted transaction behind when a BEGIN ... COMMIT script of the queue fails', async () => {
    const executor = queueSqlExecutor(database);
    await expect(executor.executeSql('BEGIN; SELECT 1; SELECT 1/0; COMMIT;')).rejects.toThrow(
      /division by zero/,
    );
    expect((await executor.executeSql('SELECT 2 AS n')).rows).toEqual([{ n: 2 }]);
    expect((await executor.executeSql('SELECT $1::int AS n', [3])).rows).toEqual([{ n: 3 }]);
    await database.db.execute(sql`select 1`);
  });

  it('writeFinalState writes the final state once', async () => {
    const table = `final_state_${Math.random().toString(36).slice(2, 8)}`;
    await database.db.execute(sql.raw(`create table ${table} (id text primary key, status text not null)`));
    await database.db.execute(sql.raw(`insert into ${table} values ('a', 'pending'), ('b', 'failed')`));
    const t = pgTable(table, { id: text('id').primaryKey(), status: text('status').notNull() });
    const finalize = (id: string) =>
      writeFinalState(database.db, t, {
        where: eq(t.id, id),
        status: t.status,
        finalStates: ['generated', 'failed'],
        set: { status: 'generated' },
      });
    expect(await finalize('a')).toBe(true);
    expect(await finalize('a')).toBe(false);
    expect(await finalize('b')).toBe(false);
    expect(await finalize('missing')).toBe(false);
    const rows = await database.db.select().from(t).orderBy(t.id);
    expect(rows).toEqual([
      { id: 'a', status: 'generated' },
      { id: 'b', status: 'failed' },
    ]);
  });
});
