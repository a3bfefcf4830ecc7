/**
 * Vitest global setup: the databases the server's tests run on, prepared once per run.
 * - `embedded`: an embedded PostgreSQL (the one `npm start` runs) in a temporary DATA_DIR;
 * - `postgres`: the server of TEST_DATABASE_URL, when set (CI sets it).
 * On each, a migrated template database; every test database is a copy of it (CREATE DATABASE … TEMPLATE),
 * which takes a fraction of the time the migrations take.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URLs (a database to connect to for CREATE DATABASE) and the template database of each kind. */
    testDatabases: { kind: 'embedded' | 'postgres'; adminUrl: string; template: string }[];
  }
}

const TEMPLATE = `adloom_template_${process.pid}`;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function prepareTemplate(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, TEMPLATE), poolSize: 1 });
  await database.migrate();
  await database.close();
}

async function dropTemplate(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.end();
}

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adloom-test-db-'));
  const embedded = await openDatabase({
    dataDir,
    role: 'owner',
    command: 'vitest (test databases)',
    poolSize: 1,
  });
  const embeddedAdmin = withDatabase(embedded.url, 'postgres');
  const kinds: { kind: 'embedded' | 'postgres'; adminUrl: string; template: string }[] = [
    { kind: 'embedded', adminUrl: embeddedAdmin, template: TEMPLATE },
  ];
  await prepareTemplate(embeddedAdmin);
  if (process.env.TEST_DATABASE_URL) {
    await prepareTemplate(process.env.TEST_DATABASE_URL);
    kinds.push({ kind: 'postgres', adminUrl: process.env.TEST_DATABASE_URL, template: TEMPLATE });
  }
  project.provide('testDatabases', kinds);
  return async () => {
    if (process.env.TEST_DATABASE_URL)
      await dropTemplate(process.env.TEST_DATABASE_URL).catch(() => undefined);
    await embedded.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
