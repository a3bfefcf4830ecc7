/**
 * `npm run bench:queue` (issue 20, Measure): how many jobs per second the job queue completes when the
 * jobs themselves cost nothing, so that what is measured is the queue's own work: fetching, completing,
 * liveness, wake-ups.
 *
 * A fresh PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL, an admin URL, else
 * postgres://postgres@127.0.0.1:5432/test: a new database on that server, dropped at the end), migrated.
 * BENCH_QUEUE_WORKERS (default 4) worker processes, each what `npm run worker` runs (runWorkerProcess:
 * the services, a queue of its own, every registered job) with one more registered job type, a no-op,
 * worked with the options generation registers for 'generate-creative' (the queue's busiest job), each
 * started with the renderer's RENDER_WORKER_ENV as `npm run worker` starts them.
 *
 * Runs of BENCH_QUEUE_JOBS jobs each (default 20,000; `--quick` 4,000):
 * 1. plain: sent in bulk (sendMany) while the workers are paused (SIGSTOP), then released at once
 *    (SIGCONT): completions per second from the release to the last completion (the database's clock);
 * 2. grouped: the same, sent as generation sends its jobs (a group per client, 20 clients taking turns,
 *    a singleton key per item, retries with backoff, a dead letter);
 * 3. sent while working: sent in bulk to the idle workers, which drain the queue while it is filled;
 *    from the first send to the last completion;
 * 4. deep: as plain, with BENCH_QUEUE_BACKLOG more jobs (500,000; quick 100,000) waiting behind them
 *    (a million-item catalogue's generation is such a queue) and BENCH_QUEUE_HISTORY completed jobs
 *    (1,000,000; quick 200,000) in the table, as pg-boss keeps them for 12 hours before archiving.
 *
 * Before the runs, the idle workers are watched (10 s; quick 3 s): the CPU per second each one
 * costs in itself and in the database (polling every queue, liveness sweeps, maintenance); after each
 * run, the connections each worker process holds (its pool and its two connections of its own).
 *
 * For each run: the time to drain, CPU per job of the worker processes (/proc) and of the database server:
 * the backends of the bench's database and the server's background processes (WAL writer, checkpointer,
 * ...), read from /proc by the pids pg_stat_activity names, so that other databases on the same server
 * do not count; every `postgres` process's CPU is printed beside it. Known only for a server on this
 * machine (null otherwise). Target: at least 1,000 completions per second in every run. Prints a table,
 * then one JSON line. Missing the target is reported, not an error. The machine's other work slows
 * every figure here: the table says how busy the whole machine was.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createJobQueue, JOBS, type JobQueue, type SendOptions } from '../apps/server/src/jobs/queue.js';
import { RENDER_WORKER_ENV } from '../packages/renderer/src/server/worker-env.js';
import { since, table } from './bench/stats.js';
import { openBenchDatabase, type BenchDatabase } from './bench-generate/database.js';
import { busyShare, machineTicks, pidsCpuMs, processCpuMs } from './bench-generate/machine.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const QUICK = process.argv.includes('--quick');
const JOBS_PER_RUN = Number(process.env.BENCH_QUEUE_JOBS ?? (QUICK ? 4000 : 20_000));
const WORKERS = Number(process.env.BENCH_QUEUE_WORKERS ?? 4);
const DEEP_BACKLOG = Number(process.env.BENCH_QUEUE_BACKLOG ?? (QUICK ? 100_000 : 500_000));
const DEEP_HISTORY = Number(process.env.BENCH_QUEUE_HISTORY ?? (QUICK ? 200_000 : 1_000_000));
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';
const BENCH_JOB = 'bench-queue-noop';
const BENCH_DEAD_LETTER = 'bench-queue-noop-failed';
const GROUPS = 20;
const TARGET_COMPLETIONS_PER_SEC = 1000;
/** How often the workers report how many jobs they ran, and the parent looks. */
const REPORT_MS = 100;
/** A run that has not drained by then is stuck (the whole bench must end within 10 minutes). */
const RUN_TIMEOUT_MS = 120_000;
const CHILD_TIMEOUT_MS = 60_000;
/** How long the idle workers are watched. */
const IDLE_MS = QUICK ? 3000 : 10_000;
/** The workers' connections carry this name (PGAPPNAME), so that the database can count them. */
const WORKER_APPLICATION = 'adloom-bench-queue-worker';

const log = (message: string): void => console.error(`… ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Child → parent, over the IPC channel. */
type ChildReport = { type: 'ready' } | { type: 'ran'; count: number } | { type: 'failed'; message: string };

/**
 * The child: registers the no-op job with generation's options, then runs the `npm run worker` process
 * as it is, and reports how many no-op jobs it has run. SIGTERM stops it (runWorkerProcess's shutdown).
 */
async function child(): Promise<void> {
  const { registerJobHandler, registeredJobs } = await import('../apps/server/src/jobs/registry.js');
  const { runWorkerProcess } = await import('../apps/server/src/jobs/worker-process.js');
  const { loadConfig } = await import('../apps/server/src/config.js');
  const generation = registeredJobs().find((job) => job.name === JOBS.generateCreative);
  if (!generation) throw new Error(`no handler registered for ${JOBS.generateCreative}`);
  const options =
    typeof generation.options === 'function' ? generation.options(loadConfig()) : generation.options;
  let ran = 0;
  registerJobHandler(
    BENCH_JOB,
    () => {
      ran += 1;
      return Promise.resolve(undefined);
    },
    options,
  );
  registerJobHandler(BENCH_DEAD_LETTER, () => Promise.resolve(undefined));
  await runWorkerProcess();
  if (process.exitCode) throw new Error('the worker process did not start (see above)');
  process.send!({ type: 'ready' } satisfies ChildReport);
  let reported = 0;
  setInterval(() => {
    if (ran === reported) return;
    reported = ran;
    process.send!({ type: 'ran', count: ran } satisfies ChildReport);
  }, REPORT_MS).unref();
}

interface Worker {
  process: ChildProcess;
  ready: Promise<void>;
  exited: Promise<number | null>;
  /** No-op jobs run so far, as last reported. */
  ran: number;
}

function startWorker(env: Record<string, string>): Worker {
  const child = fork(fileURLToPath(import.meta.url), ['--child'], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    env: { ...RENDER_WORKER_ENV, ...process.env, ...env },
    // The worker's output goes to stderr: stdout keeps the table and the JSON line.
    stdio: ['ignore', 2, 2, 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let ready!: () => void;
  let failed!: (error: Error) => void;
  const worker: Worker = {
    process: child,
    ready: new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    }),
    exited,
    ran: 0,
  };
  const timer = setTimeout(
    () => failed(new Error(`a worker was not ready within ${CHILD_TIMEOUT_MS} ms`)),
    CHILD_TIMEOUT_MS,
  );
  child.on('message', (report: ChildReport) => {
    if (report.type === 'ran') worker.ran = report.count;
    else if (report.type === 'ready') ready();
    else failed(new Error(`a worker failed: ${report.message}`));
    clearTimeout(timer);
  });
  void exited.then((code) => {
    clearTimeout(timer);
    failed(new Error(`a worker exited (code ${code}) before it was ready`));
  });
  worker.ready.catch(() => undefined);
  return worker;
}

/** A process's own CPU time so far (user + system), ms; 0 once it has gone. */
const pidCpuMs = (pid: number): number => pidsCpuMs([pid]).get(pid) ?? 0;

/** CPU of the database server's processes that work for the bench's database (see the top). */
class DatabaseCpu {
  private readonly seen = new Map<number, number>();
  constructor(private readonly admin: pg.Pool) {}

  /** The pids of the bench database's backends and of the server's background processes. */
  private async pids(): Promise<number[]> {
    const { rows } = await this.admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() OR datname IS NULL`,
    );
    return rows.map((row) => row.pid);
  }

  /** Starts a reading: the CPU so far of every such process. */
  async begin(): Promise<void> {
    this.seen.clear();
    for (const [pid, ms] of pidsCpuMs(await this.pids())) this.seen.set(pid, ms);
  }

  /**
   * CPU since begin(), ms: processes that began since count whole. One that ended in between (a pool's
   * connection closed) loses what it did since begin(): pools keep their connections while busy.
   */
  async end(): Promise<number> {
    const now = pidsCpuMs([...new Set([...this.seen.keys(), ...(await this.pids())])]);
    return [...now].reduce((sum, [pid, ms]) => sum + ms - (this.seen.get(pid) ?? 0), 0);
  }
}

interface RunResult {
  label: string;
  jobs: number;
  /** From the release (or the first send) to the last completion, by the database's clock. */
  drainMs: number;
  completionsPerSec: number;
  /** Only for the run sent while working: how long sending took. */
  sendMs?: number;
  workerCpuMsPerJob: number;
  dbCpuMsPerJob: number | null;
  allPostgresCpuMsPerJob: number | null;
  /** Share of the machine's cores busy during the run. */
  machineBusy: number | undefined;
}

interface Bench {
  db: BenchDatabase;
  admin: pg.Pool;
  jobs: JobQueue;
  workers: Worker[];
  databaseCpu: DatabaseCpu | undefined;
}

const workersCpuMs = (bench: Bench): number =>
  bench.workers.reduce((sum, worker) => sum + pidCpuMs(worker.process.pid!), 0);
const workersRan = (bench: Bench): number => bench.workers.reduce((sum, worker) => sum + worker.ran, 0);

function pause(bench: Bench): void {
  for (const worker of bench.workers) worker.process.kill('SIGSTOP');
}

/** Resumes the paused workers; they find the jobs at once (their NOTIFY was waiting for them). */
function resume(bench: Bench): void {
  for (const worker of bench.workers) worker.process.kill('SIGCONT');
}

const databaseNow = async (bench: Bench): Promise<Date> =>
  (await bench.admin.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]!.now;

/** A run's jobs: each carries the run's id, by which the database tells them from the others. */
type Jobs = { data: { run: string } & Record<string, unknown>; options?: SendOptions }[];

const plainJobs = (run: string, count: number): Jobs =>
  Array.from({ length: count }, (_, i) => ({ data: { run, item: i } }));

/** As queueGeneration sends them: a group per client, a singleton key per item, retries, a dead letter. */
const groupedJobs = (run: string, count: number): Jobs =>
  Array.from({ length: count }, (_, i) => ({
    data: { run, feedId: `feed-${i % GROUPS}`, itemId: `item-${i}` },
    options: {
      group: `client-${i % GROUPS}`,
      singletonKey: `${run}:feed-${i % GROUPS}:item-${i}`,
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      deadLetter: BENCH_DEAD_LETTER,
    },
  }));

async function send(bench: Bench, jobs: Jobs): Promise<void> {
  const sent = await bench.jobs.sendMany(BENCH_JOB, jobs);
  if (sent !== jobs.length) throw new Error(`sent ${sent} of ${jobs.length} jobs`);
}

/**
 * The last completion of the run's jobs, once all of them have completed (a failed one is an error).
 * Asked only after the workers said they ran them all, so that its reads do not count in the run.
 */
async function lastCompletion(bench: Bench, run: string, total: number): Promise<Date> {
  for (;;) {
    const { rows } = await bench.admin.query<{ completed: number; failed: number; last: Date | null }>(
      `SELECT count(*) FILTER (WHERE state = 'completed')::int AS completed,
              count(*) FILTER (WHERE state IN ('failed', 'retry'))::int AS failed,
              max(completed_on) FILTER (WHERE state = 'completed') AS last
         FROM pgboss.job WHERE name = $1 AND data @> $2::jsonb`,
      [BENCH_JOB, JSON.stringify({ run })],
    );
    const { completed, failed, last } = rows[0]!;
    if (failed > 0) throw new Error(`${failed} no-op jobs failed`);
    if (completed >= total && last) return last;
    await sleep(REPORT_MS);
  }
}

/**
 * Measures one run: `start` sends its jobs (or has sent them, and releases the paused workers) and
 * returns when the run began; the run ends when the workers have run `total` more no-op jobs.
 */
async function measure(
  bench: Bench,
  label: string,
  run: string,
  total: number,
  start: () => Promise<{ from: Date; sendMs?: number }>,
): Promise<RunResult> {
  const ranBefore = workersRan(bench);
  const ticks = machineTicks();
  const workerCpu = workersCpuMs(bench);
  const allPostgres = processCpuMs('postgres');
  await bench.databaseCpu?.begin();
  const begun = performance.now();
  const { from, sendMs } = await start();
  while (workersRan(bench) - ranBefore < total) {
    if (since(begun) > RUN_TIMEOUT_MS)
      throw new Error(`${label}: the workers ran ${workersRan(bench) - ranBefore} of ${total} jobs in time`);
    await sleep(REPORT_MS);
  }
  const dbCpu = (await bench.databaseCpu?.end()) ?? null;
  const allPostgresAfter = processCpuMs('postgres');
  const workerCpuAfter = workersCpuMs(bench);
  await countConnections(bench);
  const machineBusy = busyShare(ticks, machineTicks());
  const drainMs = (await lastCompletion(bench, run, total)).getTime() - from.getTime();
  return {
    label,
    jobs: total,
    drainMs,
    completionsPerSec: (total * 1000) / drainMs,
    sendMs,
    workerCpuMsPerJob: (workerCpuAfter - workerCpu) / total,
    dbCpuMsPerJob: dbCpu === null ? null : dbCpu / total,
    allPostgresCpuMsPerJob:
      allPostgres === undefined || allPostgresAfter === undefined
        ? null
        : (allPostgresAfter - allPostgres) / total,
    machineBusy,
  };
}

interface Idle {
  /** CPU per second of each idle worker process, and of the database for it, ms. */
  workerCpuMsPerSec: number;
  dbCpuMsPerSec: number | null;
}

/** What idle workers cost (polling every queue, liveness sweeps, pg-boss's maintenance). */
async function measureIdle(bench: Bench): Promise<Idle> {
  const workerCpu = workersCpuMs(bench);
  await bench.databaseCpu?.begin();
  const started = performance.now();
  await sleep(IDLE_MS);
  const dbCpu = (await bench.databaseCpu?.end()) ?? null;
  const perWorkerSecond = (ms: number) => ms / WORKERS / (since(started) / 1000);
  return {
    workerCpuMsPerSec: perWorkerSecond(workersCpuMs(bench) - workerCpu),
    dbCpuMsPerSec: dbCpu === null ? null : perWorkerSecond(dbCpu),
  };
}

/** The most connections one worker process held to the database so far (sampled at each run's end). */
let connectionsPerWorker = 0;
async function countConnections(bench: Bench): Promise<void> {
  const { rows } = await bench.admin.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
    [WORKER_APPLICATION],
  );
  connectionsPerWorker = Math.max(connectionsPerWorker, rows[0]!.n / WORKERS);
}

/** A run sent to the paused workers, which are then released at once. */
async function sentPaused(
  bench: Bench,
  label: string,
  jobs: (run: string) => Jobs,
  prepare?: () => Promise<void>,
) {
  const run = randomUUID();
  pause(bench);
  try {
    await send(bench, jobs(run));
    await prepare?.();
    await bench.admin.query('VACUUM ANALYZE pgboss.job');
  } catch (error) {
    resume(bench);
    throw error;
  }
  return measure(bench, label, run, JOBS_PER_RUN, async () => {
    const from = await databaseNow(bench);
    resume(bench);
    return { from };
  });
}

/** A run sent to the idle workers: they drain the queue while it is filled. */
function sentWhileWorking(bench: Bench, label: string) {
  const run = randomUUID();
  return measure(bench, label, run, JOBS_PER_RUN, async () => {
    const from = await databaseNow(bench);
    const started = performance.now();
    await send(bench, plainJobs(run, JOBS_PER_RUN));
    return { from, sendMs: since(started) };
  });
}

/**
 * The deep run's other jobs: `backlog` ready to run, behind the run's jobs (a lower priority, as a long
 * generation's last items wait behind a feed queued after it), and `history` completed ones. Written by
 * one INSERT ... SELECT each, with what pg-boss's own insert writes: sending them through sendMany
 * would take longer than the runs.
 */
async function fillDeepQueue(bench: Bench, backlog: number, history: number): Promise<void> {
  const insert = (count: number, state: 'created' | 'completed') =>
    bench.admin.query(
      `INSERT INTO pgboss.job (id, name, data, priority, state, singleton_key, policy, retry_limit,
                               retry_delay, retry_backoff, expire_in, start_after, created_on,
                               started_on, completed_on, output)
       SELECT gen_random_uuid(), $1, jsonb_build_object('item', g), -1, $2::pgboss.job_state,
              $2 || '-' || g, 'short', 3, 5, true, interval '5 minutes', now() - interval '1 hour',
              now() - interval '1 hour',
              CASE WHEN $2 = 'completed' THEN now() - interval '1 hour' END,
              CASE WHEN $2 = 'completed' THEN now() - interval '1 hour' END,
              CASE WHEN $2 = 'completed' THEN '{"status":"generated","rendered":false}'::jsonb END
         FROM generate_series(1, $3::int) AS g`,
      [BENCH_JOB, state, count],
    );
  await insert(history, 'completed');
  await insert(backlog, 'created');
}

/** Clears the jobs of the run before, so that every run starts from the same table. */
async function clearJobs(bench: Bench): Promise<void> {
  await bench.admin.query(`DELETE FROM pgboss.job WHERE name IN ($1, $2)`, [BENCH_JOB, BENCH_DEAD_LETTER]);
}

function report(bench: Bench, results: RunResult[], idle: Idle): void {
  const [plain, grouped, whileSending, deep] = results as [RunResult, RunResult, RunResult, RunResult];
  const fixed = (value: number | null | undefined, digits = 3) =>
    value === null || value === undefined ? '–' : value.toFixed(digits);
  console.log(
    `\nbench:queue on ${bench.db.label}: ${WORKERS} worker processes (each \`npm run worker\`), no-op ` +
      `jobs worked as 'generate-creative' is; ${availableParallelism()} cores, load ` +
      `${loadavg()[0]!.toFixed(1)}\n`,
  );
  console.log(
    table([
      [
        'run',
        'jobs',
        'drain ms',
        'completions/s',
        'worker CPU ms/job',
        'db CPU ms/job',
        'all postgres',
        'machine busy',
      ],
      ...results.map((r) => [
        r.label,
        String(r.jobs),
        String(Math.round(r.drainMs)) + (r.sendMs === undefined ? '' : ` (send ${Math.round(r.sendMs)})`),
        String(Math.round(r.completionsPerSec)),
        fixed(r.workerCpuMsPerJob),
        fixed(r.dbCpuMsPerJob),
        fixed(r.allPostgresCpuMsPerJob),
        r.machineBusy === undefined ? '–' : `${Math.round(r.machineBusy * 100)} %`,
      ]),
    ]),
  );
  console.log(
    `\nidle, per worker process: ${fixed(idle.workerCpuMsPerSec, 1)} ms CPU/s in the worker, ` +
      `${fixed(idle.dbCpuMsPerSec, 1)} ms CPU/s in the database; connections per worker process: ` +
      `${connectionsPerWorker.toFixed(1)} at most`,
  );
  const missed = results.filter((r) => r.completionsPerSec < TARGET_COMPLETIONS_PER_SEC);
  console.log(
    missed.length === 0
      ? `\ntarget met: at least ${TARGET_COMPLETIONS_PER_SEC} completions/s in every run`
      : `\ntarget MISSED (${TARGET_COMPLETIONS_PER_SEC} completions/s): ${missed.map((r) => r.label).join(', ')}`,
  );
  console.log(
    "db CPU: the bench database's backends and the server's background processes; all postgres: every " +
      "postgres process on this machine, other databases' work included",
  );
  const round3 = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);
  console.log(
    JSON.stringify({
      completionsPerSec: Math.round(plain.completionsPerSec),
      completionsPerSecGrouped: Math.round(grouped.completionsPerSec),
      completionsPerSecWhileSending: Math.round(whileSending.completionsPerSec),
      completionsPerSecDeep: Math.round(deep.completionsPerSec),
      drainMs: Math.round(plain.drainMs),
      drainMsGrouped: Math.round(grouped.drainMs),
      drainMsWhileSending: Math.round(whileSending.drainMs),
      drainMsDeep: Math.round(deep.drainMs),
      dbCpuMsPerJob: round3(plain.dbCpuMsPerJob),
      dbCpuMsPerJobGrouped: round3(grouped.dbCpuMsPerJob),
      dbCpuMsPerJobDeep: round3(deep.dbCpuMsPerJob),
      allPostgresCpuMsPerJob: round3(plain.allPostgresCpuMsPerJob),
      workerCpuMsPerJob: round3(plain.workerCpuMsPerJob),
      workerCpuMsPerJobGrouped: round3(grouped.workerCpuMsPerJob),
      idleWorkerCpuMsPerSec: round3(idle.workerCpuMsPerSec),
      idleDbCpuMsPerSecPerWorker: round3(idle.dbCpuMsPerSec),
      connectionsPerWorker: round3(connectionsPerWorker),
      jobs: JOBS_PER_RUN,
      workers: WORKERS,
      deepBacklog: DEEP_BACKLOG,
      deepHistory: DEEP_HISTORY,
      targetCompletionsPerSec: TARGET_COMPLETIONS_PER_SEC,
      met: missed.length === 0,
    }),
  );
}

async function main(): Promise<void> {
  process.env.BENCH_DATABASE_URL ||= process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL;
  const db = await openBenchDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'adloom-bench-queue-'));
  const admin = new pg.Pool({ connectionString: db.url, max: 2 });
  admin.on('error', () => undefined);
  const jobs = createJobQueue(db.database, { log: { info() {}, warn() {}, error: console.error } });
  const bench: Bench = { db, admin, jobs, workers: [], databaseCpu: undefined };
  try {
    const { rows } = await admin.query<{ local: boolean }>(
      `SELECT inet_server_addr() IS NULL OR host(inet_server_addr()) IN ('127.0.0.1', '::1') AS local`,
    );
    if (rows[0]?.local && processCpuMs('postgres') !== undefined) bench.databaseCpu = new DatabaseCpu(admin);
    await jobs.start();

    const env: Record<string, string> = {
      DATABASE_URL: db.url!,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://adloom.bench',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      PGAPPNAME: WORKER_APPLICATION,
    };
    log(`starting ${WORKERS} worker processes on ${db.label}`);
    bench.workers = Array.from({ length: WORKERS }, () => startWorker(env));
    await Promise.all(bench.workers.map((worker) => worker.ready));
    // The periodic jobs each process queued at its start run once: let them, before the first run.
    await sleep(2000);
    log(`idle: the workers watched for ${IDLE_MS / 1000} s with nothing to do`);
    const idle = await measureIdle(bench);

    const count = JOBS_PER_RUN.toLocaleString('en');
    const results: RunResult[] = [];
    log(`plain: ${count} jobs sent to paused workers, then released`);
    results.push(await sentPaused(bench, 'plain', (run) => plainJobs(run, JOBS_PER_RUN)));
    await clearJobs(bench);
    log(`grouped: ${count} jobs of ${GROUPS} groups sent to paused workers, then released`);
    results.push(
      await sentPaused(bench, `grouped (${GROUPS} groups)`, (run) => groupedJobs(run, JOBS_PER_RUN)),
    );
    await clearJobs(bench);
    log(`sent while working: ${count} jobs sent to the idle workers`);
    results.push(await sentWhileWorking(bench, 'sent while working'));
    await clearJobs(bench);
    log(
      `deep: ${count} jobs ahead of ${DEEP_BACKLOG.toLocaleString('en')} waiting, with ` +
        `${DEEP_HISTORY.toLocaleString('en')} completed ones in the table`,
    );
    results.push(
      await sentPaused(
        bench,
        `deep (${DEEP_BACKLOG / 1000}k behind, ${DEEP_HISTORY / 1000}k done)`,
        (run) => plainJobs(run, JOBS_PER_RUN),
        () => fillDeepQueue(bench, DEEP_BACKLOG, DEEP_HISTORY),
      ),
    );
    pause(bench);
    await clearJobs(bench);
    resume(bench);
    report(bench, results, idle);
  } finally {
    resume(bench);
    for (const worker of bench.workers) worker.process.kill('SIGTERM');
    await Promise.all(bench.workers.map((worker) => worker.exited));
    await jobs.stop({ graceful: false });
    await admin.end();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--child')) {
  child().catch((error: unknown) => {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.send?.({ type: 'failed', message } satisfies ChildReport);
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 100).unref();
  });
} else {
  await main();
}
