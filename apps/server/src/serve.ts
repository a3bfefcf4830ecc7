import type { Config } from './config.js';
import { buildApp } from './app.js';
import type { Database } from './db/client.js';
import { purgeExpiredSessions } from './auth/sessions.js';
import { seedEmptyDatabase } from './seed.js';
import { queueDemoDataRefresh } from './modules/performance/index.js';
import { queueTemplateLibrarySeed } from './modules/templates/index.js';
import { startWebWorkers } from './jobs/worker-process.js';
import { handleShutdown } from './process/shutdown.js';

/** Serves on an opened database (main.ts opened it, so a DATA_DIR in use is refused before this loads). */
export async function serve(config: Config, database: Database): Promise<void> {
  await database.migrate();
  await purgeExpiredSessions(database.db);
  const { app, deps } = await buildApp({ config, database });

  const shutdown = handleShutdown({
    log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (o, m) => app.log.error(o, m) },
    followParent: true,
    steps: [
      // No new requests; the ones under way finish. Jobs: the running ones get 3 s, then go
      // back to the queue for the next start or another worker.
      { name: 'the HTTP server', run: () => app.close() },
      { name: 'the job queue', run: () => deps.jobs.stop({ graceful: true, timeoutMs: 3000 }) },
      { name: 'the database', run: () => database.close() },
    ],
    lastResort: () => database.close(),
  });

  // Jobs (imports, generation) run in this process too unless WORKERS_IN_WEB=false.
  await startWebWorkers(deps, config);
  // The starter templates are a job: rendering their thumbnails may fail on a busy machine (fonts time
  // out), and is retried then; the server answers meanwhile.
  await queueTemplateLibrarySeed(deps.jobs);
  // Demo data sets left on keep ending yesterday (a job that queues itself every few hours).
  await queueDemoDataRefresh(deps.jobs);

  if (config.seedDemo) {
    const seeded = await seedEmptyDatabase(database.db);
    if (seeded) {
      const line = '='.repeat(72);
      console.log(
        `\n${line}\nA demo client and an admin were created. Sign in at ${config.publicUrl}/login/local/\n` +
          `  e-mail:   ${seeded.email}\n  password: ${seeded.password}\n` +
          `This is printed once; change it with: npm run cli -- user:password --email ${seeded.email} --password NEW\n${line}\n`,
      );
    }
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    console.error(`Adloom could not listen on ${config.host}:${config.port}: ${(e as Error).message}`);
    shutdown('start-up failed', 1);
  }
  console.log(
    `Adloom is serving ${config.publicUrl} (database: ${database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}
