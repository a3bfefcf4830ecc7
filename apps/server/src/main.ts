import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { purgeExpiredSessions } from './auth/sessions.js';
import { seedEmptyDatabase } from './seed.js';
import { seedTemplateLibrary } from './modules/templates/library/seed.js';
import { startWebWorkers } from './jobs/worker-process.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await purgeExpiredSessions(database.db);
const { app, deps } = await buildApp({ config, database });
// The starter templates; thumbnails are rendered once per design (a few seconds on the first start).
await seedTemplateLibrary(deps);
// Jobs (imports, generation) run in this process too unless WORKERS_IN_WEB=false (PostgreSQL only).
await startWebWorkers({ ...deps, jobs: deps.jobs! }, config);

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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: shutting down`);
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
console.log(
  `Adloom is serving ${config.publicUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
);
