/**
 * A child process of `npm run bench:generate` on PostgreSQL, started with the renderer's
 * RENDER_WORKER_ENV like `npm run worker`. Two roles, chosen by the parent's first command:
 * - 'bare': renders the given items with render() one after another (bare.ts) and reports the times, so
 *   the bare renderer runs in the same kind of process as the generation workers it is compared with.
 * - 'work': what `npm run worker` runs (runWorkerProcess: the configuration's database, the services
 *   built by buildApp, a queue of its own, the registered jobs), except that each job is worked with
 *   the given concurrency (the bench uses 1; generation registers 2), and only the jobs named (the
 *   bench names generation's: the creative features other modules extract from new ads afterwards are
 *   not generation's work). It renders a warm-up ad first, as
 *   a long-running worker is warm, then says it is ready. 'usage' asks for its CPU time so far; 'stop'
 *   stops it gracefully, as SIGTERM does, and reports its peak RSS.
 */
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { createJobQueue, jobQueueOptions, type JobQueue } from '../../apps/server/src/jobs/queue.js';
import { registeredJobs, type JobContext } from '../../apps/server/src/jobs/registry.js';
import { loadRenderer } from '../bench/renderer.js';
import { cpuMs, renderBare, renderOne, type BareItem, type BareResult } from './bare.js';

/** Parent → child. */
export type ChildCommand =
  | { type: 'bare'; template: string; items: BareItem[]; warmUps: number }
  | { type: 'work'; template: string; warmUp: BareItem; concurrency: number; jobs?: string[] }
  | { type: 'usage' }
  | { type: 'stop' };

/** Child → parent. */
export type ChildReport =
  | ({ type: 'bare-done' } & BareResult)
  | { type: 'ready' }
  | { type: 'usage'; cpuMs: number }
  | { type: 'stopped'; peakRssMb: number }
  | { type: 'error'; message: string };

function send(report: ChildReport): Promise<void> {
  return new Promise((resolve, reject) =>
    process.send!(report, undefined, undefined, (error) => (error ? reject(error) : resolve())),
  );
}

/** The process's largest resident set so far, in MB (getrusage reports kilobytes on Linux). */
const peakRssMb = (): number => process.resourceUsage().maxRSS / 1024;

let stop: (() => Promise<void>) | undefined;

async function work(command: Extract<ChildCommand, { type: 'work' }>): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('the bench worker needs DATABASE_URL');
  const renderer = await loadRenderer();
  for (let run = 0; run < 2; run += 1)
    await renderOne(renderer, command.template, command.warmUp, config.fetchAllowHosts);

  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const { app, deps } = await buildApp({ config, database });
  const jobs: JobQueue = createJobQueue(database, jobQueueOptions(config, app.log));
  const ctx: JobContext = { ...deps, jobs };
  await jobs.start();
  for (const { name, handler, options } of registeredJobs()) {
    if (command.jobs && !command.jobs.includes(name)) continue;
    await jobs.work<never>(name, { ...options, concurrency: command.concurrency }, (job) =>
      handler(job, ctx),
    );
  }
  stop = async () => {
    await jobs.stop({ graceful: true });
    await app.close();
    await database.close();
  };
  await send({ type: 'ready' });
}

async function handle(command: ChildCommand): Promise<void> {
  if (command.type === 'bare') {
    const renderer = await loadRenderer();
    const result = await renderBare(renderer, command.template, command.items, {
      allowHosts: loadConfig().fetchAllowHosts,
      warmUps: command.warmUps,
    });
    await send({ type: 'bare-done', ...result });
    return;
  }
  if (command.type === 'work') {
    await work(command);
    return;
  }
  if (command.type === 'usage') {
    await send({ type: 'usage', cpuMs: cpuMs() });
    return;
  }
  await stop?.();
  await send({ type: 'stopped', peakRssMb: peakRssMb() });
  process.disconnect();
  process.exit(0);
}

if (!process.send) throw new Error('worker.ts runs as a child process of scripts/bench-generate.ts');
process.on('message', (command: ChildCommand) => {
  handle(command).catch((error: unknown) =>
    send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
      .catch(() => undefined)
      .finally(() => process.exit(1)),
  );
});
