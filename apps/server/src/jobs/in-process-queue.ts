/**
 * The in-process job queue: the JobQueue interface (queue.ts) kept in this process's memory, for tests
 * that need a queue but not its PostgreSQL driver (a service that sends jobs, a handler worked by hand).
 * It keeps the contract a caller can see: singleton keys, retries with their delays, dead letters, expiry,
 * a group's `perGroup` limit, graceful stops handing running jobs back. What it leaves out: other
 * processes (no wake-ups, no liveness), jobs surviving a restart, batching and prefetching, and pg-boss's
 * fairness ranking (here a job of the group with the fewest running jobs goes first, then the oldest).
 * Hand-written because the queue's contract is ours; a library queue would have its own.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.js';
import {
  JOB_STATES,
  WORKER_STOPPED,
  type JobCounts,
  type JobHandler,
  type JobInfo,
  type JobQueue,
  type SendOptions,
  type WorkOptions,
} from './queue.js';

export interface InProcessQueueOptions {
  /** What `kind` reports (default `embedded`). */
  kind?: Database['kind'];
  /** Defaults for jobs sent without these options, as the PostgreSQL driver's. */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** How long a graceful stop waits for running jobs (default 30 s). */
  stopTimeoutMs?: number;
}

interface StoredJob {
  info: JobInfo<object>;
  /** When the job may run (a delayed first run, or a retry's delay), in ms since the epoch. */
  runAfter: number;
  options: Required<Pick<SendOptions, 'retryDelay' | 'retryBackoff' | 'expireInSeconds'>> &
    Pick<SendOptions, 'singletonKey' | 'deadLetter' | 'group'>;
  /** The run under way: its abort and its end (a stale run's result is ignored). */
  run?: { abort: AbortController; ended: Promise<void> };
}

interface Worker {
  id: string;
  name: string;
  concurrency: number;
  perGroup?: number;
  handler: JobHandler<unknown>;
  running: Set<StoredJob>;
  stopping: boolean;
}

const LIVE = new Set(['created', 'retry', 'active']);

/** JSON containment, as PostgreSQL's `@>` on the job's data. */
function contains(data: unknown, match: unknown): boolean {
  if (match === null || typeof match !== 'object') return data === match;
  if (data === null || typeof data !== 'object') return false;
  if (Array.isArray(match))
    return Array.isArray(data) && match.every((m) => data.some((d) => contains(d, m)));
  return Object.entries(match).every(([k, v]) => contains((data as Record<string, unknown>)[k], v));
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A queue in this process's memory implementing JobQueue (see the file's comment for what it leaves out). */
export function createInProcessQueue(o: InProcessQueueOptions = {}): JobQueue {
  const defaults = {
    retryLimit: o.retryLimit ?? 3,
    retryDelay: o.retryDelay ?? 5,
    retryBackoff: o.retryBackoff ?? true,
    expireInSeconds: o.expireInSeconds ?? 300,
  };
  const stopTimeoutMs = o.stopTimeoutMs ?? 30_000;
  const jobs = new Map<string, StoredJob>();
  const workers = new Map<string, Worker>();
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  const ofQueue = (name: string) => [...jobs.values()].filter((j) => j.info.name === name);
  const activeInGroup = (name: string, group: string | undefined) =>
    ofQueue(name).filter((j) => j.info.state === 'active' && j.options.group === group).length;

  function send<T extends object>(name: string, data: T, s: SendOptions = {}): Promise<string | null> {
    if (stopped) return Promise.reject(new Error('The job queue is stopped'));
    const waiting = (j: StoredJob) => j.info.state === 'created' && j.options.singletonKey === s.singletonKey;
    if (s.singletonKey !== undefined && ofQueue(name).some(waiting)) return Promise.resolve(null);
    const id = randomUUID();
    jobs.set(id, {
      info: {
        id,
        name,
        state: 'created',
        data: structuredClone(data),
        output: null,
        error: null,
        retryCount: 0,
        retryLimit: s.retryLimit ?? defaults.retryLimit,
        createdOn: new Date(),
        startedOn: null,
        completedOn: null,
      },
      runAfter: Date.now() + (s.startAfterSeconds ?? 0) * 1000,
      options: {
        retryDelay: s.retryDelay ?? defaults.retryDelay,
        retryBackoff: s.retryBackoff ?? defaults.retryBackoff,
        expireInSeconds: s.expireInSeconds ?? defaults.expireInSeconds,
        singletonKey: s.singletonKey,
        deadLetter: s.deadLetter,
        group: s.group,
      },
    });
    pump(name);
    return Promise.resolve(id);
  }

  /** The next job a worker may start: due, its group under the limit, fewest running first, then oldest. */
  function nextFor(worker: Worker): StoredJob | undefined {
    const now = Date.now();
    const due = ofQueue(worker.name).filter(
      (j) => (j.info.state === 'created' || j.info.state === 'retry') && j.runAfter <= now,
    );
    const running = (j: StoredJob) => activeInGroup(worker.name, j.options.group);
    const allowed = worker.perGroup ? due.filter((j) => running(j) < worker.perGroup!) : due;
    return allowed.sort((a, b) => running(a) - running(b) || a.runAfter - b.runAfter)[0];
  }

  /** Starts what the queue's workers have room for; wakes again when a delayed job is due. */
  function pump(name: string) {
    for (const worker of workers.values()) {
      if (worker.name !== name || worker.stopping) continue;
      let job: StoredJob | undefined;
      while (worker.running.size < worker.concurrency && (job = nextFor(worker))) start(worker, job);
    }
    clearTimeout(timers.get(name));
    const later = ofQueue(name).filter((j) => j.info.state !== 'active' && LIVE.has(j.info.state));
    if (later.length && [...workers.values()].some((w) => w.name === name)) {
      const wait = Math.max(0, Math.min(...later.map((j) => j.runAfter)) - Date.now());
      timers.set(name, setTimeout(() => pump(name), wait + 1).unref());
    }
  }

  function start(worker: Worker, job: StoredJob) {
    const { info } = job;
    if (info.startedOn) info.retryCount += 1;
    Object.assign(info, { state: 'active', startedOn: new Date(), error: null });
    const abort = new AbortController();
    const expiry = setTimeout(
      () => abort.abort(new Error(`The job ran longer than its expiry (${job.options.expireInSeconds} s)`)),
      job.options.expireInSeconds * 1000,
    ).unref();
    const aborted = new Promise<never>((_, reject) =>
      abort.signal.addEventListener('abort', () => reject(abort.signal.reason), { once: true }),
    );
    const handled = Promise.resolve().then(() =>
      worker.handler({
        id: info.id,
        name: info.name,
        data: structuredClone(info.data),
        retryCount: info.retryCount,
        retryLimit: info.retryLimit,
        signal: abort.signal,
      }),
    );
    handled.catch(() => undefined);
    aborted.catch(() => undefined);
    const run = { abort, ended: Promise.resolve() };
    run.ended = Promise.race([handled, aborted])
      .then(
        (output) => {
          if (job.run !== run) return;
          const stored = output && typeof output === 'object' ? (output as Record<string, unknown>) : null;
          Object.assign(info, { state: 'completed', output: stored, completedOn: new Date() });
        },
        (err: unknown) => {
          if (job.run !== run) return;
          if (abort.signal.reason === WORKER_STOPPED) handBack(job);
          else fail(job, errorText(err));
        },
      )
      .finally(() => {
        clearTimeout(expiry);
        if (job.run === run) job.run = undefined;
        worker.running.delete(job);
        pump(worker.name);
      });
    job.run = run;
    worker.running.add(job);
  }

  /** A failed run: retried after its delay while retries are left, else failed and sent to its dead letter. */
  function fail(job: StoredJob, message: string) {
    const { info, options } = job;
    job.run = undefined;
    info.error = message;
    if (info.retryCount < info.retryLimit) {
      const factor = options.retryBackoff ? 2 ** info.retryCount * (1 + Math.random()) : 1;
      Object.assign(info, { state: 'retry' });
      job.runAfter = Date.now() + options.retryDelay * factor * 1000;
    } else {
      Object.assign(info, { state: 'failed', completedOn: new Date() });
      if (options.deadLetter) void send(options.deadLetter, info.data);
    }
    pump(info.name);
  }

  /** Puts a running job back as if it had not started (no retry used up). */
  function handBack(job: StoredJob) {
    job.run = undefined;
    Object.assign(job.info, { state: 'created', startedOn: null });
  }

  async function stopWorker(worker: Worker, graceful: boolean, timeoutMs: number) {
    worker.stopping = true;
    const ends = () => Promise.allSettled([...worker.running].map((j) => j.run?.ended));
    if (graceful && worker.running.size) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([ends(), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
    }
    for (const job of worker.running) job.run?.abort.abort(WORKER_STOPPED);
    await ends();
    workers.delete(worker.id);
  }

  return {
    kind: o.kind ?? 'embedded',
    start: () => (stopped ? Promise.reject(new Error('The job queue is stopped')) : Promise.resolve()),
    async stop({ graceful = true, timeoutMs = stopTimeoutMs } = {}) {
      if (stopped) return;
      stopped = true;
      await Promise.all([...workers.values()].map((w) => stopWorker(w, graceful, timeoutMs)));
      for (const timer of timers.values()) clearTimeout(timer);
    },
    send,
    async sendMany(name, many) {
      let queued = 0;
      for (const { data, options } of many) if (await send(name, data, options)) queued += 1;
      return queued;
    },
    work<T>(name: string, w: WorkOptions, handler: JobHandler<T>) {
      if (stopped) return Promise.reject(new Error('The job queue is stopped'));
      const id = randomUUID();
      workers.set(id, {
        id,
        name,
        concurrency: Math.max(1, w.concurrency ?? 1),
        perGroup: w.perGroup === undefined ? undefined : Math.max(1, w.perGroup),
        handler: handler as JobHandler<unknown>,
        running: new Set(),
        stopping: false,
      });
      pump(name);
      return Promise.resolve(id);
    },
    async offWork(workerId) {
      const worker = workers.get(workerId);
      if (worker) await stopWorker(worker, true, stopTimeoutMs);
    },
    getJob<T>(name: string, id: string) {
      const job = jobs.get(id);
      const info =
        job && job.info.name === name ? { ...job.info, data: structuredClone(job.info.data) } : null;
      return Promise.resolve(info as JobInfo<T> | null);
    },
    counts(name) {
      const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as JobCounts;
      counts.total = 0;
      for (const job of ofQueue(name)) {
        counts[job.info.state] += 1;
        counts.total += 1;
      }
      return Promise.resolve(counts);
    },
    failActive(name, match, message) {
      const active = ofQueue(name).filter((j) => j.info.state === 'active' && contains(j.info.data, match));
      for (const job of active) {
        job.run?.abort.abort(new Error(message));
        fail(job, message);
      }
      return Promise.resolve(active.length);
    },
    keysWithoutLiveJob(name, singletonKeys) {
      const live = new Set(
        ofQueue(name)
          .filter((j) => LIVE.has(j.info.state))
          .map((j) => j.options.singletonKey),
      );
      return Promise.resolve(singletonKeys.filter((key) => !live.has(key)));
    },
    hasLiveJob(name, match) {
      return Promise.resolve(
        ofQueue(name).some((j) => LIVE.has(j.info.state) && contains(j.info.data, match)),
      );
    },
  };
}
