// `npm start`: opens the database first (the embedded one of DATA_DIR is this process's alone: a second
// `npm start` stops here at once, naming the first), then loads and starts the rest of the server.
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/embedded/index.js';

const config = loadConfig();

async function openOwnDatabase(): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      role: 'owner',
      command: 'npm start',
      log: { info: (m) => console.log(m), warn: (m) => console.warn(m) },
    });
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}

const database = await openOwnDatabase();
try {
  const { serve } = await import('./serve.js');
  await serve(config, database);
} catch (e) {
  // Its embedded database stops with it, rather than running on without an owner.
  console.error(e);
  await database.close().catch(() => undefined);
  process.exit(1);
}
