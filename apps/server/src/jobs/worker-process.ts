/**
 * The processes that work the job queue: `npm run worker` (runWorkerProcess), and the web process,
 * which works the jobs too unless WORKERS_IN_WEB=false (startWebWorkers).
 */
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createJobQueue, jobQueueOptions, type JobQueueOptions } from './queue.js';
import { registeredJobs, startRegisteredWorkers, type JobContext } from './registry.js';
import './handlers.js';

export const WORKER_NEEDS_POSTGRES =
  'npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database the web process runs the jobs itself';

/**
 * Starts the web process's workers for every registered job, unless WORKERS_IN_WEB=false on PostgreSQL.
 * With PGlite no other process can open the database, so the web process always runs the jobs.
 */
export async function startWebWorkers(ctx: JobContext, config: Config): Promise<void> {
  if (!config.workersInWeb) {
    if (ctx.database.kind === 'postgres') {
      ctx.log.info('WORKERS_IN_WEB=false: jobs are left to `npm run worker` processes');
      return;
    }
    ctx.log.warn(
      'WORKERS_IN_WEB=false is ignored with the embedded database: no other process can run the jobs',
    );
  }
  await startRegisteredWorkers(ctx);
}

export interface WorkerProcessOptions {
  env?: NodeJS.ProcessEnv;
  /** Overrides of the queue's settings (tests shorten the polling and maintenance intervals). */
  queue?: Omit<JobQueueOptions, 'log'>;
}

/**
 * `npm run worker`: opens the database of the configuration (PostgreSQL only), builds the services as the
 * web process does (no HTTP server), and works every registered job until SIGTERM or SIGINT. The first
 * signal stops gracefully: no new jobs, the running ones finish (up to 30 s; the rest are failed, to be
 * retried), then exit 0. Another signal a second later exits at once; its running jobs expire and run
 * again elsewhere.
 */
export async function runWorkerProcess(options: WorkerProcessOptions = {}): Promise<void> {
  const config = loadConfig(options.env ?? process.env);
  if (!config.databaseUrl) {
    console.error(WORKER_NEEDS_POSTGRES);
    process.exitCode = 1;
    return;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await database.migrate();
  const { app, deps } = await buildApp({ config, database });
  // The worker's own queue (with this process's settings); handlers reach it as ctx.jobs.
  const jobs = createJobQueue(database, { ...jobQueueOptions(config, app.log), ...options.queue });
  const ctx: JobContext = { ...deps, jobs };

  // Ctrl-C reaches every process of the group and launchers (npm, scripts/worker.mjs) forward it too:
  // a repeat within a second is the same request; a later one means "exit now".
  let stoppingSince = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stoppingSince) {
        if (Date.now() - stoppingSince < 1000) return;
        app.log.warn(`${signal} again: exiting without waiting for running jobs`);
        process.exit(1);
      }
      stoppingSince = Date.now();
      app.log.info(`${signal}: finishing running jobs, then exiting`);
      void jobs
        .stop({ graceful: true })
        .then(() => app.close())
        .then(() => database.close())
        .then(
          () => process.exit(0),
          (err: unknown) => {
            app.log.error({ err }, 'worker shutdown failed');
            process.exit(1);
          },
        );
    });
  }

  await startRegisteredWorkers(ctx);
  const names = registeredJobs().map((j) => j.name);
  app.log.info({ jobs: names }, 'worker started');
  console.log(
    `Adloom worker ${process.pid} is working: ${names.length ? names.join(', ') : '(no job handlers registered)'}`,
  );
}
