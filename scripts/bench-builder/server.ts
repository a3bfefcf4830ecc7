/**
 * The product as `npm run bench:builder` serves it, in this process: the built web app (apps/web/dist,
 * from `npm run build`) and the server on a fresh embedded database, with one client and one
 * admin user, like e2e/server.ts does for the browser tests (no fixtures file). Its workers import the
 * sample catalogue whose first item the canvas's product view draws; the item's photo comes from an image
 * host on 127.0.0.1 in this process (the server's fetches are allowed there).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { startWebWorkers } from '../../apps/server/src/jobs/worker-process.js';
import { startImageHost } from '../../apps/server/test/fixtures/feed-hosts.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { addMember, createClient } from '../../apps/server/src/modules/clients/clients.service.js';
import { createUser } from '../../apps/server/src/modules/users/users.service.js';

export const BENCH_EMAIL = 'bench@builder.test';
export const BENCH_PASSWORD = 'bench password 1';

export interface BenchServer {
  baseUrl: string;
  clientId: string;
  /** Where the sample items' photos are (an address the server may fetch). */
  imageOrigin: string;
  /** Stores a file as an upload would (a catalogue file for createCatalog's uploadKey). */
  putFile(key: string, body: string, contentType: string): Promise<void>;
  close(): Promise<void>;
}

/** A port nobody listens on now (BENCH_PORT when set). */
async function freePort(): Promise<number> {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export async function startBenchServer(): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'adloom-bench-builder-'));
  const images = await startImageHost();
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    FETCH_ALLOW_HOSTS: images.host,
  });
  if (!existsSync(path.join(config.webDistDir, 'index.html')))
    throw new Error(`no built web app in ${config.webDistDir}: run \`npm run build\` first`);
  const database = await openDatabase({ dataDir: config.dataDir, command: 'npm run bench:builder' });
  await database.migrate();
  const { db } = database;
  const client = await createClient(db, { name: 'Bench', planStatus: 'paying' });
  const user = await createUser(db, {
    email: BENCH_EMAIL,
    password: BENCH_PASSWORD,
    firstName: 'Ben',
    lastName: 'Bench',
    emailVerified: true,
  });
  await addMember(db, { userId: user.id, clientId: client.id, isAdmin: true });
  const { app, deps } = await buildApp({ config, database, logger: false });
  await startWebWorkers(deps, config);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl: config.publicUrl,
    clientId: client.id,
    imageOrigin: images.origin,
    putFile: (key, body, contentType) => deps.files.put(key, Buffer.from(body), { contentType }),
    async close() {
      await app.close();
      await images.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
