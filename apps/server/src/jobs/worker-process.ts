/**
 * The processes that work the job queue: `npm run worker` (runWorkerProcess), and the web process,
 * which works the jobs too unless WORKERS_IN_WEB=false (startWebWorkers). Any number of workers, on the
 * embedded database (they join the running `npm start`) or on DATABASE_URL's server.
 */
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { handleShutdown } from '../process/shutdown.js';
import { createJobQueue, jobQueueOptions, type JobQueueOptions } from './queue.js';
import { registeredJobs, startRegisteredWorkers, type JobContext } from './registry.js';
import './handlers.js';

/** Starts the web process's workers for every registered job, unless WORKERS_IN_WEB=false. */
export async function startWebWorkers(ctx: JobContext, config: Config): Promise<void> {
  if (!config.workersInWeb) {
    ctx.log.info('WORKERS_IN_WEB=false: jobs are left to `npm run worker` processes');
    return;
  }
  await startRegisteredWorkers(ctx);
}

export interface WorkerProcessOptions {
  env?: NodeJS.ProcessEnv;
  /** Overrides of the queue's settings (tests shorten the polling and maintenance intervals). */
  queue?: Omit<JobQueueOptions, 'log'>;
}

/**
 * `npm run worker`: opens the database of the configuration (DATABASE_URL's server, or the embedded one
 * of the `npm start` running on DATA_DIR, which it joins), builds the services as the web process does
 * (no HTTP server), and works every registered job until SIGTERM or SIGINT: running jobs get a few
 * seconds to finish, the rest go back to the queue for another worker (shutdown.ts).
 */
export async function runWorkerProcess(options: WorkerProcessOptions = {}): Promise<void> {
  const config = loadConfig(options.env ?? process.env);
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      role: 'guest',
      command: 'npm run worker',
    });
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 1;
    return;
  }
  await database.migrate();
  const { app, deps } = await buildApp({ config, database });
  // The worker's own queue (with this process's settings); handlers reach it as ctx.jobs.
  const jobs = createJobQueue(database, { ...jobQueueOptions(config, app.log), ...options.queue });
  const ctx: JobContext = { ...deps, jobs };

  handleShutdown({
    log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (o, m) => app.log.error(o, m) },
    followParent: true,
    steps: [
      { name: 'the job queue', run: () => jobs.stop({ graceful: true, timeoutMs: 3000 }) },
      { name: 'the services', run: () => app.close() },
      { name: 'the database', run: () => database.close() },
    ],
    lastResort: () => database.close(),
  });

  await startRegisteredWorkers(ctx);
  const names = registeredJobs().map((j) => j.name);
  app.log.info({ jobs: names }, 'worker started');
  const where = database.kind === 'embedded' ? ` (joined the server of ${config.dataDir})` : '';
  console.log(
    `Adloom worker ${process.pid} is working${where}: ${names.length ? names.join(', ') : '(no job handlers registered)'}`,
  );
}
