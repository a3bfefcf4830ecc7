import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './modules/mail/index.js';
import type { FileStore } from './storage/file-store.js';
import type { JobQueue } from './jobs/queue.js';

/** What services need from the running process; built once in app.ts and passed down. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  files: FileStore;
  log: FastifyBaseLogger;
  /** The job queue: pg-boss on the application's database (queue.ts), or the in-process one in tests. */
  jobs: JobQueue;
}
