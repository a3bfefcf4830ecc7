/**
 * Job handlers by job name. A module registers its handler when it is imported (handlers.ts imports
 * them all); the worker process and the web process (unless WORKERS_IN_WEB=false) then work every
 * registered job. A handler may run more than once for the same job: see final-state.ts.
 */
import type { Config } from '../config.js';
import type { AppDeps } from '../deps.js';
import type { JobOutput, JobQueue, QueueJob, WorkOptions } from './queue.js';

/** What a handler gets besides its job: the process's services and the queue (to send follow-up jobs). */
/** What a registered handler gets: the process's services, its job queue among them. */
export type JobContext = AppDeps;

export type RegisteredJobHandler<T = unknown> = (job: QueueJob<T>, ctx: JobContext) => Promise<JobOutput>;

/** A worker's options, or a function of the settings that gives them (e.g. IMPORT_SLOTS). */
export type RegisteredWorkOptions = WorkOptions | ((config: Config) => WorkOptions);

export interface RegisteredJob {
  name: string;
  handler: RegisteredJobHandler<never>;
  options: RegisteredWorkOptions;
}

const handlers = new Map<string, RegisteredJob>();

/** Registers the handler of a job name (one per name); returns a function that unregisters it. */
export function registerJobHandler<T>(
  name: string,
  handler: RegisteredJobHandler<T>,
  options: RegisteredWorkOptions = {},
): () => void {
  if (handlers.has(name)) throw new Error(`A handler for job "${name}" is already registered`);
  const entry: RegisteredJob = { name, handler: handler as RegisteredJobHandler<never>, options };
  handlers.set(name, entry);
  return () => {
    if (handlers.get(name) === entry) handlers.delete(name);
  };
}

export function registeredJobs(): RegisteredJob[] {
  return [...handlers.values()];
}

const periodic = new Map<string, number>();

/**
 * Registers a job that runs every `everySeconds` while any process works jobs: each run queues the next
 * (one waiting at a time, whichever process queued it), and every process that starts its workers queues
 * one too, so the chain survives the process that ran it last.
 */
export function registerPeriodicJob(
  name: string,
  everySeconds: number,
  run: (ctx: JobContext) => Promise<JobOutput>,
): void {
  periodic.set(name, everySeconds);
  registerJobHandler(name, async (_job, ctx) => {
    try {
      return await run(ctx);
    } finally {
      await queueNext(ctx.jobs, name, everySeconds);
    }
  });
}

function queueNext(jobs: JobQueue, name: string, everySeconds: number) {
  return jobs.send(
    name,
    {},
    { singletonKey: name, startAfterSeconds: everySeconds, retryLimit: 0, expireInSeconds: 60 },
  );
}

/**
 * Starts a worker for every registered job on `ctx.jobs`, and the periodic jobs; returns the worker ids.
 * `only` limits it to some jobs (tests), without the periodic ones unless named.
 */
export async function startRegisteredWorkers(
  ctx: JobContext,
  { only }: { only?: readonly string[] } = {},
): Promise<string[]> {
  await ctx.jobs.start();
  const ids: string[] = [];
  for (const { name, handler, options } of registeredJobs()) {
    if (only && !only.includes(name)) continue;
    const resolved = typeof options === 'function' ? options(ctx.config) : options;
    ids.push(await ctx.jobs.work<never>(name, resolved, (job) => handler(job, ctx)));
  }
  for (const [name, everySeconds] of periodic)
    if (!only || only.includes(name)) await queueNext(ctx.jobs, name, everySeconds);
  return ids;
}
