/**
 * The job queue: pg-boss 10 on the application's own database (its PostgreSQL pool, embedded or not),
 * behind a small interface of our own so that the rest of the server does not depend on pg-boss. The
 * interface (JobQueue) has a second driver, in-process-queue.ts, for tests that need no PostgreSQL queue.
 *
 * Delivery is at least once: a job may run more than once (a retry after an error, a worker killed in the
 * middle of a job, a job that outlived its expiry). Handlers must therefore be idempotent and write their
 * final state with a conditional update; see final-state.ts for the contract and a helper.
 *
 * - Jobs live in the `pgboss` schema (created on start; pg-boss keeps its own migrations there).
 * - Workers poll: every `pollingIntervalMs` while idle (the idle workers of a process together, with one
 *   statement: waitIdle), at once while there is work; a `send` wakes the sending process's workers
 *   immediately and the workers of every other process through LISTEN/NOTIFY (wake.ts).
 * - A job that stays active longer than its `expireInSeconds` is failed, and retried if it has retries
 *   left: by its own worker (the handler's `signal` aborts), or by the maintenance pass of any running
 *   queue when its worker died. Maintenance runs every `maintenanceIntervalSeconds`, once across all
 *   processes. So a job held by a killed worker runs again after at most expiry + maintenance interval.
 * - Retries wait `retryDelay` seconds; with `retryBackoff` the wait doubles each time (with jitter):
 *   about delay x 1-2, then x 2-4, x 4-8, ...
 * - Groups (fairness between clients): a job sent with a `group` (a client's id) is ordered round robin
 *   with the other groups' jobs of its queue, not behind all of them: each job gets a place in its group's
 *   line, counted from the queue's head when the group had nothing waiting, and workers take the lowest
 *   place first (pg-boss's `priority`, negated: fairPlaces). A worker with `perGroup` also runs at most
 *   that many jobs of one group at once across every process: it fetches with its own query, one fetch of
 *   the queue at a time (an advisory lock), skipping the groups that are full, so a full group holds up
 *   no other (pg-boss's 'singleton' policy stops at the first job whose key is running). A job held by a
 *   killed worker keeps its group's place until the liveness sweep fails it (seconds), or its owner does
 *   (failActive).
 * - Fetching: a worker takes jobs with a statement of its own (fetchNext, fetchGrouped) that marks them
 *   active and stamps them with the process's liveness key at once (liveness.ts): a process that dies at
 *   any moment leaves each job either waiting (its fetch did not commit) or stamped with a key that no
 *   live session holds, which the sweep fails within seconds. Never active and nobody's.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { holdLiveness, type Liveness } from './liveness.js';
import { listenForWakes, wakeChannel, type WakeListener } from './wake.js';

/** The server's job types. Each has one queue; modules register their handlers with registerJobHandler. */
export const JOBS = {
  generateCreative: 'generate-creative',
  importCatalog: 'import-catalog',
  adPreview: 'ad-preview',
  importAdPerformanceFile: 'import-ad-performance-file',
} as const;
export type JobName = (typeof JOBS)[keyof typeof JOBS];

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
export const JOB_STATES: readonly JobState[] = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
];

/** What a handler may return: stored as the job's output (a JSON object), or nothing. */
export type JobOutput = Record<string, unknown> | void | undefined;

export interface SendOptions {
  /**
   * At most one job with this key waits to start in the queue (state `created`): sending the same key
   * again meanwhile is a no-op (`send` returns null). Once the job has started, the key may be sent again,
   * which queues one more run (the data may have changed since the first one began).
   */
  singletonKey?: string;
  /** Retries after the first attempt (default: the queue's `retryLimit`, 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 5). */
  retryDelay?: number;
  /** Double the delay at each retry, with jitter (default true). */
  retryBackoff?: boolean;
  /** A run longer than this fails (and is retried); also how soon a job held by a dead worker runs again. */
  expireInSeconds?: number;
  /** Wait this long before the first run. */
  startAfterSeconds?: number;
  /**
   * When the job ends failed (retries exhausted, by errors or by expiries, e.g. its workers were killed),
   * a job with the same data is sent to this queue: its handler can write the item's final failed state,
   * which no run of the failed job did if its last attempt died.
   */
  deadLetter?: string;
  /**
   * The job's group, e.g. the client it works for: jobs of a queue are taken round robin between groups
   * (a group's 100,000 jobs do not hold up another's 3), and workers with `perGroup` run at most that many
   * of one group at once. Kept in the job's data under {@link GROUP_FIELD}; handlers do not see it.
   */
  group?: string;
}

/** Where a job's group is kept in its data (read by SQL: fairPlaces and fetchGrouped). */
export const GROUP_FIELD = '__group';

export interface WorkOptions {
  /** Jobs run at once by this worker (default 1). */
  concurrency?: number;
  /**
   * Jobs fetched per query (default `concurrency`). More than `concurrency` prefetches: the extra jobs
   * (already active in the database) wait in this worker for a free slot, and the completions of jobs
   * that ran are written together. For many short jobs this saves most of the queue's own queries; a
   * graceful stop hands the jobs still waiting back to the queue.
   */
  batchSize?: number;
  /** Overrides the queue's polling interval for this worker. */
  pollingIntervalMs?: number;
  /**
   * At most this many jobs of one group (SendOptions.group) run at once, across every worker of the
   * queue in every process; the other groups' jobs go on meanwhile. For queues of modest length (each
   * fetch ranks every waiting job): imports, not per-item generation.
   */
  perGroup?: number;
}

/** A job as a handler sees it. */
export interface QueueJob<T = unknown> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first run, 1 on the first retry, ... */
  retryCount: number;
  retryLimit: number;
  /** Aborts when the job exceeds its expiry or the worker stops without waiting; stop work when it fires. */
  signal: AbortSignal;
}

export type JobHandler<T = unknown> = (job: QueueJob<T>) => Promise<JobOutput> | JobOutput;

export interface JobInfo<T = unknown> {
  id: string;
  name: string;
  state: JobState;
  data: T;
  /** The handler's result, once completed. */
  output: Record<string, unknown> | null;
  /** The last error's message, when the last run failed (state `retry` or `failed`). */
  error: string | null;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

/** Jobs of one queue per state, and their total. Completed and failed jobs count until they are archived. */
export type JobCounts = Record<JobState, number> & { total: number };

export interface JobQueue {
  readonly kind: Database['kind'];
  /** Installs or migrates the queue's schema and starts maintenance. Every other method starts it too. */
  start(): Promise<void>;
  /**
   * Stops fetching. Graceful (the default): waits up to `timeoutMs` for running jobs to end; jobs still
   * running then (or at once when not graceful) are aborted and handed back to the queue as if never
   * started (no retry is used up), so another worker, or this process's next start, runs them. The
   * database stays open (it belongs to the caller).
   */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
  /** Queues one job; returns its id, or null when `singletonKey` matched a job still waiting to start. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Queues many jobs in batched inserts; returns how many were queued (duplicate singleton keys are not). */
  sendMany<T extends object>(
    name: string,
    jobs: readonly { data: T; options?: SendOptions }[],
  ): Promise<number>;
  /** Runs `handler` for jobs of `name` until stop(); returns the worker's id (for offWork). */
  work<T = unknown>(name: string, options: WorkOptions, handler: JobHandler<T>): Promise<string>;
  /** Stops one worker (waiting for its running jobs). */
  offWork(workerId: string): Promise<void>;
  getJob<T = unknown>(name: string, id: string): Promise<JobInfo<T> | null>;
  counts(name: string): Promise<JobCounts>;
  /**
   * Fails the active jobs of `name` whose data contains `match` (JSON containment), with `message`, as
   * a failed run would (retried, or sent to its dead letter): for jobs whose worker is known to be dead
   * (an import without a heartbeat), so that they stop holding their group's place until their expiry.
   * Returns how many were failed.
   */
  failActive(name: string, match: Record<string, unknown>, message: string): Promise<number>;
  /**
   * The keys among `singletonKeys` that no job of `name` carries while waiting, retrying or running: for
   * finding work a process recorded in its own tables but died before sending (see lost-work sweeps).
   */
  keysWithoutLiveJob(name: string, singletonKeys: string[]): Promise<string[]>;
  /** Whether a job of `name` whose data contains `match` is waiting, retrying or running. */
  hasLiveJob(name: string, match: Record<string, unknown>): Promise<boolean>;
}

/** Anything with pino's methods (the Fastify logger). */
export interface JobLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface JobQueueOptions {
  /** PostgreSQL schema of the queue's tables (default `pgboss`). */
  schema?: string;
  /** How often an idle worker looks for jobs (default 1000 ms). */
  pollingIntervalMs?: number;
  /** How often jobs held past their expiry (dead workers) are failed and retried, and old jobs archived (default 30 s). */
  maintenanceIntervalSeconds?: number;
  /** How often a working process fails the active jobs of dead processes (liveness.ts; default 5 s). */
  orphanSweepMs?: number;
  /** Defaults for jobs sent without these options. */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** How long a graceful stop waits for running jobs (default 30 s). */
  stopTimeoutMs?: number;
  /** Rows per insert statement in sendMany (default 1000). */
  sendManyBatchSize?: number;
  log?: JobLogger;
}

/** The queue's settings from the configuration. */
export function jobQueueOptions(
  config: Pick<Config, 'jobPollingIntervalMs'>,
  log: JobLogger,
): JobQueueOptions {
  return { log, pollingIntervalMs: config.jobPollingIntervalMs };
}

const consoleLog: JobLogger = {
  info: () => undefined,
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};

interface SqlResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}
export type Executor = { executeSql(text: string, values?: unknown[]): Promise<SqlResult> };

/** A BEGIN ... COMMIT script: pg-boss's schema changes and maintenance commands (locked by an advisory lock). */
const isScript = (text: string, values?: unknown[]) =>
  (!values || values.length === 0) && /^\s*BEGIN\b/i.test(text);

/** The result of a multi-statement query is one result per statement: the last one with rows tells. */
function lastResult(results: { rows: Record<string, unknown>[]; rowCount: number }[]): SqlResult {
  const withRows = [...results].reverse().find((r) => r.rows.length > 0);
  return withRows ?? results[results.length - 1] ?? { rows: [], rowCount: 0 };
}

/**
 * Runs `work` on a client of the pool's own (a transaction of several queries); after an error its
 * transaction is rolled back, and a client that cannot even do that is discarded, not returned to the pool.
 */
async function onOwnClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    return await work(client);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

/** The application's pool; a BEGIN ... COMMIT script gets its own client (onOwnClient). */
function poolExecutor(pool: pg.Pool): Executor {
  const convert = (r: pg.QueryResult | pg.QueryResult[]): SqlResult =>
    Array.isArray(r)
      ? lastResult(r.map((x) => ({ rows: x.rows ?? [], rowCount: x.rowCount ?? 0 })))
      : { rows: r.rows ?? [], rowCount: r.rowCount ?? 0 };
  return {
    async executeSql(text, values) {
      if (!isScript(text, values)) return convert(await pool.query(text, values));
      return onOwnClient(pool, async (client) =>
        convert((await client.query(text)) as pg.QueryResult | pg.QueryResult[]),
      );
    },
  };
}

/** How the queue sends SQL to the database (exported for tests). */
export function queueSqlExecutor(database: Database): Executor {
  return poolExecutor(database.pool);
}

interface FetchedJob {
  id: string;
  name: string;
  data: unknown;
  expireInSeconds: number | string;
  retryCount: number;
  retryLimit: number;
}

interface Poller {
  id: string;
  name: string;
  stopping: boolean;
  running: Map<string, { promise: Promise<void>; abort: AbortController }>;
  /** Prefetched jobs waiting for a slot (active in the database, not started here). */
  waiting: FetchedJob[];
  /** Completions not written yet, by their output's JSON. */
  completed: Map<string, { output: object | undefined; ids: string[] }>;
  /** The completion writes under way, one after another. */
  flushing: Promise<void>;
  wake(): void;
  loop: Promise<void>;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

function errorObject(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return { message: String(err) };
}

function errorMessage(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const o = output as { message?: unknown; value?: unknown };
  if (typeof o.message === 'string') return o.message;
  if (
    o.value &&
    typeof o.value === 'object' &&
    typeof (o.value as { message?: unknown }).message === 'string'
  )
    return (o.value as { message: string }).message;
  if (o.value !== undefined) return String(o.value);
  return null;
}

/** The abort reason of jobs still running when their worker stops: they are handed back, not failed. */
export const WORKER_STOPPED = new Error('The worker stopped before the job ended');
/** How long a handler aborted by a stop may take to clean up before its job is handed back. */
const HAND_BACK_GRACE_MS = 1000;

/** True when `signal` aborted because the worker stopped: the job goes back to the queue to run again. */
export function isHandBack(signal: AbortSignal): boolean {
  return signal.aborted && signal.reason === WORKER_STOPPED;
}

/** The last place a group's job can take in its queue's line (pg-boss's priority is a 32-bit integer). */
const LAST_PLACE = 2_000_000_000;

/** A job's data as its handler sees it: without the group the queue keeps in it. */
function withoutGroup<T>(data: T): T {
  if (!data || typeof data !== 'object' || !(GROUP_FIELD in data)) return data;
  const copy = { ...data } as Record<string, unknown>;
  delete copy[GROUP_FIELD];
  return copy as T;
}

const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

export function createJobQueue(database: Database, options: JobQueueOptions = {}): JobQueue {
  const schema = options.schema ?? 'pgboss';
  const pollingIntervalMs = options.pollingIntervalMs ?? 1000;
  const log = options.log ?? consoleLog;
  const defaults = {
    retryLimit: options.retryLimit ?? 3,
    retryDelay: options.retryDelay ?? 5,
    retryBackoff: options.retryBackoff ?? true,
    expireInSeconds: options.expireInSeconds ?? 300,
  };
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
  const sendManyBatchSize = options.sendManyBatchSize ?? 1000;

  const executor = queueSqlExecutor(database);

  const boss = new PgBoss({
    db: executor as PgBoss.Db,
    schema,
    // Jobs held past their expiry are retried by maintenance; one process per interval does it.
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    // No cron schedules: no timekeeper and its internal queue polling.
    schedule: false,
    migrate: true,
  });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));

  const queues = new Map<string, Promise<void>>();
  const pollers = new Map<string, Poller>();
  let starting: Promise<void> | undefined;
  let stopped = false;

  function start(): Promise<void> {
    if (stopped) return Promise.reject(new Error('The job queue is stopped'));
    // pg-boss installs its schema under a lock of its own, yet two processes starting at once on a fresh
    // database still collide (its CREATE SCHEMA IF NOT EXISTS fails in the second one): they take turns.
    starting ??= changingSchema(async () => {
      await boss.start();
      await createOwnIndexes();
    });
    return starting;
  }

  /**
   * Runs `work` (changes to the queue's schema) while no other process changes it: one at a time in this
   * process (the waiting ones hold no connection of the pool), and across processes under an advisory
   * lock held by a connection of its own.
   */
  let schemaChanges: Promise<void> = Promise.resolve();
  function changingSchema(work: () => Promise<void>): Promise<void> {
    const changed = schemaChanges.then(async () => {
      const lockKey = `adloom-jobs:${schema}:schema`;
      const lock = await database.pool.connect();
      let broken: Error | undefined;
      const fail = (err: unknown) => {
        // Discarding the connection releases the lock.
        broken = err instanceof Error ? err : new Error(String(err));
      };
      try {
        await lock
          .query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [lockKey])
          .catch((err: unknown) => {
            fail(err);
            throw err;
          });
        try {
          await work();
        } finally {
          await lock.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockKey]).catch(fail);
        }
      } finally {
        lock.release(broken);
      }
    });
    schemaChanges = changed.catch(() => undefined);
    return changed;
  }

  /**
   * Indexes of our own on pg-boss's job table, so that no statement of a busy queue reads every job of
   * it: a generation of a million-item catalogue queues three million jobs at once, and the table keeps
   * finished jobs for 12 hours before archiving them. Measured (`npm run bench:queue`, its deep run):
   * with 100,000 jobs waiting and 200,000 finished, 4 workers completed 97 jobs/s without them.
   * - `_fetch`: the waiting jobs in the order workers take them (fetchNext, fairPriorities' head), so
   *   that a fetch reads the head of the queue, not every waiting job to sort them (pg-boss's own index
   *   is by start time).
   * - `_running`: the jobs running or waiting for a retry, by singleton key (few at any time): the
   *   liveness sweep, pg-boss's expiry, failActive and fetchGrouped read the running ones, and
   *   keysWithoutLiveJob looks keys up in it (waiting jobs' keys are in pg-boss's unique index).
   * Made by the first process to start on a database, under the schema lock (CREATE INDEX on a large
   * table blocks writes to it while it builds: seconds, once, when upgrading a database that has jobs).
   */
  const OWN_INDEXES: Record<string, string> = {
    [`adloom_job_fetch`]: `(name, priority DESC, created_on, id) WHERE state < 'active'`,
    [`adloom_job_running`]: `(name, singleton_key) WHERE state IN ('retry', 'active')`,
  };
  async function createOwnIndexes(): Promise<void> {
    const { rows } = await executor.executeSql(
      `SELECT name FROM unnest($2::text[]) AS name
        WHERE NOT EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = $1 AND indexname = name)`,
      [schema, Object.keys(OWN_INDEXES)],
    );
    for (const { name } of rows)
      await executor.executeSql(`CREATE INDEX ${String(name)} ON ${schema}.job ${OWN_INDEXES[String(name)]}`);
  }

  /** pg-boss 10 drops jobs sent to a queue that does not exist: create each queue once before using it. */
  function ensureQueue(name: string): Promise<void> {
    if (stopped) return Promise.reject(new Error('The job queue is stopped'));
    let ready = queues.get(name);
    if (!ready) {
      ready = start().then(() => createQueue(name));
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  }

  /**
   * Creates a queue unless it exists. pg-boss makes each queue a partition of its job table, and two
   * processes creating two queues at the same moment deadlock (each adds its partition's foreign key to
   * the queue table the other has just written): a fleet of workers starting on a fresh database did.
   */
  async function createQueue(name: string): Promise<void> {
    const exists = async () =>
      (await executor.executeSql(`SELECT 1 FROM ${schema}.queue WHERE name = $1`, [name])).rows.length > 0;
    if (await exists()) return;
    await changingSchema(async () => {
      // `short`: the unique key applies to jobs waiting to start; every job gets a key (its id by default).
      if (!(await exists())) await boss.createQueue(name, { name, policy: 'short' });
    });
  }

  function wakeWorkers(name: string) {
    for (const p of pollers.values()) if (p.name === name) p.wake();
  }

  // Other processes' workers hear about sends through NOTIFY (wake.ts).
  const channel = wakeChannel(schema);
  let listener: WakeListener | undefined;
  function listen(): Promise<void> {
    listener ??= listenForWakes(database.pool, channel, wakeWorkers, log);
    return listener.ready;
  }

  // A working process holds its liveness lock and stamps what it fetches (in the fetch itself); it fails
  // the jobs of dead processes every `orphanSweepMs`, so they run again within seconds, not after their
  // expiry.
  let liveness: Liveness | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  function live(): Promise<void> {
    if (!liveness) {
      liveness = holdLiveness(database.pool, log);
      const sweep = async () => {
        try {
          for (const [name, ids] of await liveness!.orphans(schema)) {
            log.warn(
              { queue: name, jobs: ids.length },
              'failing the jobs of a dead worker so they run again',
            );
            for (const id of ids)
              await boss.fail(name, id, {
                message: 'Its worker died (the process ended without finishing it).',
              });
          }
        } catch (err) {
          log.error({ err }, 'could not look for the jobs of dead workers');
        }
        if (!stopped) sweeper = setTimeout(() => void sweep(), options.orphanSweepMs ?? 5000).unref();
      };
      void liveness.ready.then(() => {
        if (!stopped) void sweep();
      });
    }
    return liveness.ready;
  }
  /** Wakes this process's workers of `name`, and every other process's. */
  async function announce(name: string) {
    wakeWorkers(name);
    await executor.executeSql('SELECT pg_notify($1, $2)', [channel, name]).catch((err: unknown) => {
      log.warn({ err, queue: name }, 'could not notify the workers of other processes');
    });
  }

  function jobInsert(
    name: string,
    data: object,
    o: SendOptions = {},
    priority?: number,
  ): PgBoss.JobInsert & { id: string } {
    const id = randomUUID();
    return {
      id,
      name,
      data: o.group === undefined ? data : { ...data, [GROUP_FIELD]: o.group },
      priority,
      singletonKey: o.singletonKey ?? id,
      retryLimit: o.retryLimit ?? defaults.retryLimit,
      retryDelay: o.retryDelay ?? defaults.retryDelay,
      retryBackoff: o.retryBackoff ?? defaults.retryBackoff,
      expireInSeconds: o.expireInSeconds ?? defaults.expireInSeconds,
      startAfter: o.startAfterSeconds
        ? new Date(Date.now() + o.startAfterSeconds * 1000).toISOString()
        : undefined,
      deadLetter: o.deadLetter,
    };
  }

  /**
   * The priorities of jobs about to be sent, in their order (undefined for jobs without a group): each
   * group's jobs take the next places of its line, which starts at the queue's head (the first place
   * among the jobs ready to run) when the group has nothing waiting, else after its last waiting job.
   * Workers take the highest priority, i.e. the lowest place, so groups alternate. Two sends of one group
   * at the same moment may share places: their jobs alternate, nothing is lost.
   */
  async function fairPriorities(name: string, groups: readonly (string | undefined)[]) {
    const named = [...new Set(groups.filter((g): g is string => g !== undefined))];
    if (named.length === 0) return groups.map(() => undefined);
    const { rows } = await executor.executeSql(
      `SELECT NULL::text AS grp, max(priority) AS priority FROM ${schema}.job
        WHERE name = $1 AND state < 'active' AND start_after < now()
       UNION ALL
       SELECT data->>'${GROUP_FIELD}', min(priority) FROM ${schema}.job
        WHERE name = $1 AND state < 'active' AND data->>'${GROUP_FIELD}' = ANY($2::text[])
        GROUP BY 1`,
      [name, named],
    );
    const head = Math.max(0, -Number(rows.find((r) => r.grp === null)?.priority ?? 0));
    const next = new Map(named.map((g) => [g, head]));
    for (const row of rows) {
      if (row.grp !== null) next.set(String(row.grp), Math.max(head, 1 - Number(row.priority)));
    }
    return groups.map((group) => {
      if (group === undefined) return undefined;
      const place = next.get(group)!;
      next.set(group, place + 1);
      return -Math.min(place, LAST_PLACE);
    });
  }

  async function send<T extends object>(name: string, data: T, o: SendOptions = {}): Promise<string | null> {
    await ensureQueue(name);
    if (o.deadLetter) await ensureQueue(o.deadLetter);
    const [priority] = await fairPriorities(name, [o.group]);
    const job = jobInsert(name, data, o, priority);
    const id = await boss.send(name, job.data as object, {
      id: job.id,
      singletonKey: job.singletonKey,
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelay,
      retryBackoff: job.retryBackoff,
      expireInSeconds: job.expireInSeconds,
      ...(priority !== undefined ? { priority } : {}),
      ...(o.deadLetter ? { deadLetter: o.deadLetter } : {}),
      ...(o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {}),
    });
    if (id) await announce(name);
    return id;
  }

  async function sendMany<T extends object>(
    name: string,
    jobs: readonly { data: T; options?: SendOptions }[],
  ): Promise<number> {
    await ensureQueue(name);
    for (const dl of new Set(jobs.map((j) => j.options?.deadLetter).filter((d): d is string => !!d)))
      await ensureQueue(dl);
    const priorities = await fairPriorities(
      name,
      jobs.map((j) => j.options?.group),
    );
    let inserted = 0;
    // pg-boss's insert does not report how many rows it inserted: read the count from the executor's result.
    const counting: Executor = {
      async executeSql(text, values) {
        const result = await executor.executeSql(text, values);
        inserted += result.rowCount;
        return result;
      },
    };
    for (let i = 0; i < jobs.length; i += sendManyBatchSize) {
      const batch = jobs
        .slice(i, i + sendManyBatchSize)
        .map((j, k) => jobInsert(name, j.data, j.options, priorities[i + k]));
      await boss.insert(batch, { db: counting as PgBoss.Db });
    }
    if (inserted > 0) await announce(name);
    return inserted;
  }

  /** This process's liveness key, stamped on the jobs it fetches (work() takes the lock before fetching). */
  function workerKey(): number {
    if (!liveness) throw new Error('The job queue fetches only once its liveness lock is held');
    return liveness.key;
  }

  /**
   * Takes up to `limit` jobs of a queue: pg-boss 10's fetch (`fetchNextJob`: highest priority, then
   * oldest; SKIP LOCKED between workers), which also stamps each job with this process's liveness key in
   * the same statement. A separate stamp after the fetch left a window where a process that died had
   * jobs active without a stamp: invisible to the liveness sweep, they waited for their expiry (4 hours
   * for an import), holding their group's place. Every queue here has the 'short' policy (ensureQueue),
   * so pg-boss's gate of one job per key for 'singleton' and 'stately' queues does not apply.
   */
  async function fetchNext(name: string, limit: number): Promise<FetchedJob[]> {
    const { rows } = await executor.executeSql(
      `WITH next AS (
         SELECT id FROM ${schema}.job
          WHERE name = $1 AND state < 'active' AND start_after < now()
          ORDER BY priority DESC, created_on, id
          LIMIT $2
          FOR UPDATE SKIP LOCKED
       )
       UPDATE ${schema}.job j SET
         state = 'active',
         started_on = now(),
         retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END,
         output = jsonb_build_object('worker', $3::int)
        FROM next
       WHERE j.name = $1 AND j.id = next.id
       RETURNING j.id, j.name, j.data, EXTRACT(epoch FROM j.expire_in) AS "expireInSeconds",
                 j.retry_count AS "retryCount", j.retry_limit AS "retryLimit"`,
      [name, limit, workerKey()],
    );
    return rows as unknown as FetchedJob[];
  }

  /**
   * Takes up to `limit` jobs for a worker with `perGroup`: in priority order, skipping the jobs of groups
   * that already run `perGroup` (in any process), stamped like fetchNext's. Fetches of the queue take
   * turns (a transaction-scoped advisory lock), so that two workers cannot both start the last free job
   * of a group: each sees the jobs the one before it started, as its query begins after the lock.
   */
  function fetchGrouped(name: string, limit: number, perGroup: number): Promise<FetchedJob[]> {
    const key = workerKey();
    return onOwnClient(database.pool, async (client) => {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `adloom-jobs:${schema}:${name}`,
      ]);
      const group = `coalesce(data->>'${GROUP_FIELD}', id::text)`;
      const { rows } = await client.query<FetchedJob>(
        `WITH waiting AS (
           SELECT id, priority, created_on, ${group} AS grp,
                  row_number() OVER (PARTITION BY ${group} ORDER BY priority DESC, created_on, id) AS place
             FROM ${schema}.job
            WHERE name = $1 AND state < 'active' AND start_after < now()
         ), running AS (
           SELECT ${group} AS grp, count(*) AS n FROM ${schema}.job
            WHERE name = $1 AND state = 'active' GROUP BY 1
         ), next AS (
           SELECT w.id FROM waiting w LEFT JOIN running r ON r.grp = w.grp
            WHERE w.place + coalesce(r.n, 0) <= $3
            ORDER BY w.priority DESC, w.created_on, w.id
            LIMIT $2
         )
         UPDATE ${schema}.job j SET
           state = 'active',
           started_on = now(),
           retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END,
           output = jsonb_build_object('worker', $4::int)
          FROM next
         WHERE j.name = $1 AND j.id = next.id AND j.state < 'active'
         RETURNING j.id, j.name, j.data, EXTRACT(epoch FROM j.expire_in) AS "expireInSeconds",
                   j.retry_count AS "retryCount", j.retry_limit AS "retryLimit"`,
        [name, limit, perGroup, key],
      );
      await client.query('COMMIT');
      return rows;
    });
  }

  async function runJob(
    poller: Poller,
    job: FetchedJob,
    handler: JobHandler<unknown>,
    abort: AbortController,
  ) {
    const expireMs = Math.max(1, Number(job.expireInSeconds)) * 1000;
    const timer = setTimeout(
      () => abort.abort(new Error(`The job ran longer than its expiry (${Number(job.expireInSeconds)} s)`)),
      expireMs,
    );
    const aborted = new Promise<never>((_, reject) => {
      abort.signal.addEventListener('abort', () => reject(abort.signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    const running = Promise.resolve().then(() =>
      handler({
        id: job.id,
        name: job.name,
        data: withoutGroup(job.data),
        retryCount: Number(job.retryCount ?? 0),
        retryLimit: Number(job.retryLimit ?? 0),
        signal: abort.signal,
      }),
    );
    running.catch(() => undefined);
    try {
      const output = await Promise.race([running, aborted]);
      recordCompletion(poller, job.id, output && typeof output === 'object' ? output : undefined);
    } catch (err) {
      if (abort.signal.reason === WORKER_STOPPED) {
        // A moment for the handler to put its own state back (an import its row), then the job goes
        // back to the queue, where another worker may take it at once.
        await Promise.race([running.catch(() => undefined), sleep(HAND_BACK_GRACE_MS)]);
        await handBack(poller.name, [job.id]);
        return;
      }
      log.warn({ err, job: job.id, queue: poller.name, retryCount: job.retryCount }, 'job failed');
      await boss.fail(poller.name, job.id, errorObject(err)).catch((e: unknown) => {
        // The job stays active; maintenance fails it after its expiry and it is retried.
        log.error({ err: e, job: job.id }, 'could not record a job failure');
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Keeps a completion to write with others of the same output (flushCompletions). */
  function recordCompletion(poller: Poller, id: string, output: object | undefined) {
    const key = output === undefined ? '' : JSON.stringify(output);
    const group = poller.completed.get(key) ?? { output, ids: [] };
    group.ids.push(id);
    poller.completed.set(key, group);
  }

  /**
   * Writes the completions kept so far, one query per distinct output. If this fails the jobs stay
   * active and run again after their expiry (handlers are idempotent), as when a worker dies.
   */
  function flushCompletions(poller: Poller): Promise<void> {
    const groups = [...poller.completed.values()];
    poller.completed.clear();
    if (groups.length === 0) return poller.flushing;
    poller.flushing = poller.flushing.then(async () => {
      for (const { output, ids } of groups) {
        await boss.complete(poller.name, ids, output).catch((err: unknown) => {
          log.error({ err, queue: poller.name, jobs: ids.length }, 'could not record job completions');
        });
      }
    });
    return poller.flushing;
  }

  /** Puts active jobs back in the queue as if they had not been fetched (no retry used up). */
  async function handBack(name: string, ids: string[]) {
    if (ids.length === 0) return;
    await executor
      .executeSql(
        `UPDATE ${schema}.job SET state = 'created', started_on = NULL
          WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
        [name, ids],
      )
      .catch((err: unknown) => {
        // They stay active and run again after their expiry.
        log.error({ err, queue: name, jobs: ids.length }, 'could not hand jobs back to the queue');
      });
  }

  /** Hands prefetched jobs that never started back to the queue. */
  async function releaseWaiting(poller: Poller) {
    await handBack(
      poller.name,
      poller.waiting.splice(0).map((job) => job.id),
    );
  }

  async function work<T>(name: string, o: WorkOptions, handler: JobHandler<T>): Promise<string> {
    if (stopped) throw new Error('The job queue is stopped');
    await ensureQueue(name);
    await listen();
    await live();
    const concurrency = Math.max(1, o.concurrency ?? 1);
    const batchSize = Math.max(1, o.batchSize ?? concurrency);
    const interval = o.pollingIntervalMs ?? pollingIntervalMs;
    const perGroup = o.perGroup === undefined ? undefined : Math.max(1, o.perGroup);
    let wakeController = new AbortController();
    let slotFreed: (() => void) | undefined;
    const poller: Poller = {
      id: randomUUID(),
      name,
      stopping: false,
      running: new Map(),
      waiting: [],
      completed: new Map(),
      flushing: Promise.resolve(),
      // Ends the idle wait (a job was sent) and the wait for a free slot (stopping).
      wake: () => {
        wakeController.abort();
        slotFreed?.();
      },
      loop: Promise.resolve(),
    };

    const start = (job: FetchedJob) => {
      const abort = new AbortController();
      const promise = runJob(poller, job, handler as JobHandler<unknown>, abort).finally(() => {
        poller.running.delete(job.id);
        // Written at the end of a prefetched batch, or sooner when enough are kept; a worker that
        // does not prefetch writes each one at once, as it ends.
        const kept = [...poller.completed.values()].reduce((n, group) => n + group.ids.length, 0);
        if (poller.waiting.length === 0 || kept >= batchSize) void flushCompletions(poller);
        slotFreed?.();
        slotFreed = undefined;
      });
      poller.running.set(job.id, { promise, abort });
    };

    const loop = async () => {
      while (!poller.stopping) {
        const free = concurrency - poller.running.size;
        if (free <= 0) {
          await new Promise<void>((resolve) => (slotFreed = resolve));
          continue;
        }
        if (poller.waiting.length > 0) {
          for (const job of poller.waiting.splice(0, free)) start(job);
          continue;
        }
        // Nothing waits here: write what has completed before asking for more.
        await flushCompletions(poller);
        const wake = wakeController.signal;
        let jobs: FetchedJob[] = [];
        try {
          jobs = perGroup
            ? await fetchGrouped(name, Math.max(batchSize, free), perGroup)
            : await fetchNext(name, Math.max(batchSize, free));
        } catch (err) {
          log.error({ err, queue: name }, 'could not fetch jobs');
        }
        for (const job of jobs.slice(0, free)) start(job);
        poller.waiting.push(...jobs.slice(free));
        if (jobs.length === 0 && !poller.stopping) {
          await (o.pollingIntervalMs === undefined ? waitIdle(poller, wake) : sleep(interval, wake));
          if (wake.aborted) wakeController = new AbortController();
        }
      }
    };
    poller.loop = loop();
    pollers.set(poller.id, poller);
    return poller.id;
  }

  /**
   * Idle workers of this process look for work together: every `pollingIntervalMs` one statement asks
   * which of their queues have a job ready, and only the workers of those fetch. Each worker polling
   * its own queue cost a process about 20 statements a second while idle (one per job type), 18 ms of
   * the database's CPU a second and a pool of 10 connections filled by polls landing together
   * (`npm run bench:queue`); a fleet of a hundred worker processes took nearly two cores of the database
   * and a thousand connections doing nothing. Sends still wake workers at once (wake.ts).
   */
  const idle = new Set<Poller>();
  let idleCheck: NodeJS.Timeout | undefined;

  /** Waits until the poller is woken: by a send, a stop, or the idle check finding its queue's jobs. */
  function waitIdle(poller: Poller, wake: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        idle.delete(poller);
        resolve();
      };
      if (wake.aborted) return done();
      wake.addEventListener('abort', done, { once: true });
      idle.add(poller);
      if (!idleCheck && !stopped) idleCheck = setTimeout(() => void checkIdle(), pollingIntervalMs);
    });
  }

  async function checkIdle() {
    const names = [...new Set([...idle].map((poller) => poller.name))];
    try {
      const { rows } = await executor.executeSql(
        // LIMIT 1 keeps it a probe of each queue's index (an EXISTS became a scan of every waiting job).
        `SELECT q.name FROM unnest($1::text[]) AS q (name)
          CROSS JOIN LATERAL (SELECT 1 FROM ${schema}.job j
                               WHERE j.name = q.name AND j.state < 'active' AND j.start_after < now()
                               LIMIT 1) AS ready`,
        [names],
      );
      for (const row of rows) wakeWorkers(String(row.name));
    } catch (err) {
      log.error({ err, queues: names.length }, 'could not look for jobs');
    }
    idleCheck = undefined;
    if (idle.size > 0 && !stopped) idleCheck = setTimeout(() => void checkIdle(), pollingIntervalMs);
  }

  /** Stops a poller; waits up to `timeoutMs` for its jobs, then aborts and fails the rest. */
  async function stopPoller(poller: Poller, graceful: boolean, timeoutMs: number) {
    poller.stopping = true;
    poller.wake();
    await poller.loop;
    await releaseWaiting(poller);
    const running = [...poller.running.values()];
    if (graceful && running.length) {
      const timeout = new AbortController();
      await Promise.race([
        Promise.allSettled(running.map((r) => r.promise)),
        sleep(timeoutMs, timeout.signal),
      ]);
      timeout.abort();
    }
    const left = [...poller.running.entries()];
    if (left.length) {
      for (const [, r] of left) r.abort.abort(WORKER_STOPPED);
      // runJob hands each aborted job back to the queue; wait for those writes.
      await Promise.allSettled(left.map(([, r]) => r.promise));
    }
    await flushCompletions(poller);
    pollers.delete(poller.id);
  }

  return {
    kind: database.kind,
    start,
    async stop({ graceful = true, timeoutMs = stopTimeoutMs } = {}) {
      if (stopped) return;
      stopped = true;
      await Promise.all([...pollers.values()].map((p) => stopPoller(p, graceful, timeoutMs)));
      clearTimeout(idleCheck);
      if (sweeper) clearTimeout(sweeper);
      await listener?.close();
      await liveness?.close();
      if (starting) {
        await starting.catch(() => undefined);
        await boss.stop({ graceful: false, close: false, wait: true });
      }
    },
    send,
    sendMany,
    work,
    async offWork(workerId) {
      const poller = pollers.get(workerId);
      if (poller) await stopPoller(poller, true, stopTimeoutMs);
    },
    async getJob<T>(name: string, id: string): Promise<JobInfo<T> | null> {
      await start();
      const job = (await boss.getJobById(name, id, { includeArchive: true })) as
        (PgBoss.JobWithMetadata<T> & { output: unknown }) | null;
      if (!job) return null;
      const failed = job.state === 'failed' || job.state === 'retry';
      return {
        id: job.id,
        name: job.name,
        state: job.state,
        data: withoutGroup(job.data),
        output: job.state === 'completed' ? ((job.output as Record<string, unknown> | null) ?? null) : null,
        error: failed ? errorMessage(job.output) : null,
        retryCount: Number(job.retryCount),
        retryLimit: Number(job.retryLimit),
        createdOn: toDate(job.createdOn)!,
        startedOn: toDate(job.startedOn),
        completedOn: toDate(job.completedOn),
      };
    },
    async keysWithoutLiveJob(name, singletonKeys) {
      if (singletonKeys.length === 0) return [];
      await ensureQueue(name);
      // Waiting jobs by pg-boss's unique index of waiting keys (every queue here is 'short': ensureQueue),
      // retrying and running ones by adloom_job_running (ensureIndexes).
      const { rows } = await executor.executeSql(
        `SELECT k FROM unnest($2::text[]) AS k
          WHERE NOT EXISTS (SELECT 1 FROM ${schema}.job j
                             WHERE j.name = $1 AND COALESCE(j.singleton_key, '') = k
                               AND j.state = 'created' AND j.policy = 'short')
            AND NOT EXISTS (SELECT 1 FROM ${schema}.job j
                             WHERE j.name = $1 AND j.singleton_key = k AND j.state IN ('retry', 'active'))`,
        [name, singletonKeys],
      );
      return rows.map((row) => String(row.k));
    },
    async hasLiveJob(name, match) {
      await ensureQueue(name);
      const { rows } = await executor.executeSql(
        `SELECT 1 FROM ${schema}.job WHERE name = $1 AND state < 'completed' AND data @> $2::jsonb LIMIT 1`,
        [name, JSON.stringify(match)],
      );
      return rows.length > 0;
    },
    async failActive(name, match, message) {
      await start();
      const { rows } = await executor.executeSql(
        `SELECT id FROM ${schema}.job WHERE name = $1 AND state = 'active' AND data @> $2::jsonb`,
        [name, JSON.stringify(match)],
      );
      const ids = rows.map((row) => String(row.id));
      for (const id of ids) await boss.fail(name, id, { message });
      return ids.length;
    },
    async counts(name) {
      await start();
      const { rows } = await executor.executeSql(
        `SELECT state::text AS state, count(*)::int AS n FROM ${schema}.job WHERE name = $1 GROUP BY state`,
        [name],
      );
      const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as JobCounts;
      counts.total = 0;
      for (const row of rows) {
        const n = Number(row.n);
        counts[row.state as JobState] = n;
        counts.total += n;
      }
      return counts;
    },
  };
}
