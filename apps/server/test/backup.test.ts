/**
 * Backups (`npm run cli -- backup` / `restore`, db/backup.ts) on each database kind: a backup of one
 * installation restored into another gives back every row and file; a damaged backup, or one of another
 * schema version, changes nothing.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, restoreBackup, writeBackup } from '../src/db/backup.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createJobQueue } from '../src/jobs/queue.js';
import { idempotencyKeys } from '../src/db/schema.js';
import { actorOf, recordAudit } from '../src/modules/audit/index.js';
import { addMember, createClient } from '../src/modules/clients/clients.service.js';
import { createUser } from '../src/modules/users/users.service.js';
import { describeEachDatabase, openTestDatabase } from './harness.js';

const quiet = { info() {}, warn() {}, error() {} };

async function rowsOf(database: Database, table: string) {
  const result = (await database.db.execute(sql.raw(`select * from ${table} order by 1`))) as unknown as {
    rows: unknown[];
  };
  return result.rows;
}

describeEachDatabase('backups on %s', (kind) => {
  let source: Database;
  let target: Database;
  let folder: string;
  let file: string;

  beforeAll(async () => {
    source = await openTestDatabase(kind);
    target = await openTestDatabase(kind);
    folder = await mkdtemp(path.join(os.tmpdir(), 'adloom-backup-'));
    file = path.join(folder, 'backup.tar.gz');
    for (const database of [source, target]) {
      const queue = createJobQueue(database, { log: quiet });
      await queue.start();
      if (database === source) await queue.send('backup-test', { pending: 1 }, { startAfterSeconds: 3600 });
      await queue.stop();
    }
    const client = await createClient(source.db, { name: 'Backed Up', planStatus: 'paying' });
    const user = await createUser(source.db, {
      email: 'kept@example.com',
      password: 'a long enough password',
      firstName: 'Kép',
      lastName: "O'Neil \u{1F600}",
      emailVerified: true,
    });
    await addMember(source.db, { userId: user.id, clientId: client.id, isAdmin: true });
    // The audit log and the idempotency keys (issue 14, items 9 and 17) travel like every other table.
    await recordAudit(source.db, actorOf(null, '203.0.113.7'), {
      clientId: client.id,
      action: 'feed.exported',
      target: { kind: 'feed', id: client.id, label: 'Feed ✓' },
      details: { format: 'csv', nested: { quote: "it's" } },
      onceKey: 'export:once',
    });
    await source.db.insert(idempotencyKeys).values({
      clientId: client.id,
      userId: user.id,
      operation: 'createFeed',
      key: 'k-1',
      resultId: client.id,
    });
    await mkdir(path.join(folder, 'files-a', 'clients', client.id), { recursive: true });
    await writeFile(
      path.join(folder, 'files-a', 'clients', client.id, 'logo.png'),
      Buffer.from([1, 2, 3, 255]),
    );
  }, 60_000);

  afterAll(async () => {
    await source.close();
    await target.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('restores every row, the queued jobs and the files into another installation', async () => {
    const manifest = await writeBackup(source.pool, createWriteStream(file), {
      filesDir: path.join(folder, 'files-a'),
    });
    expect(manifest.files).toBe(1);
    expect(manifest.tables.find((t) => t.name === 'public.users')?.rows).toBe(1);
    // Something of the target's own, which the restore replaces.
    await createClient(target.db, { name: 'Replaced', planStatus: 'trial' });

    const summary = await restoreBackup(target.pool, createReadStream(file), {
      filesDir: path.join(folder, 'files-b'),
    });
    expect(summary.rows).toBe(manifest.tables.reduce((n, t) => n + t.rows, 0));
    for (const table of [
      'users',
      'clients',
      'memberships',
      'template_tags',
      'template_versions',
      'audit_events',
      'idempotency_keys',
    ])
      expect(await rowsOf(target, table), table).toEqual(await rowsOf(source, table));
    const jobs = await rowsOf(target, `pgboss.job where name = 'backup-test'`);
    expect(jobs).toHaveLength(1);
    const [client] = (await rowsOf(target, 'clients')) as { id: string }[];
    expect([...(await readFile(path.join(folder, 'files-b', 'clients', client!.id, 'logo.png')))]).toEqual([
      1, 2, 3, 255,
    ]);
  }, 60_000);

  it('changes nothing when the backup is damaged', async () => {
    const damaged = path.join(folder, 'damaged.tar.gz');
    await writeFile(damaged, await readFile(file));
    await truncate(damaged, Math.floor((await stat(damaged)).size * 0.6));
    const before = await rowsOf(target, 'users');
    await createClient(target.db, { name: 'Made after the restore', planStatus: 'trial' });
    const clientsBefore = await rowsOf(target, 'clients');
    await expect(restoreBackup(target.pool, createReadStream(damaged))).rejects.toThrow(BackupError);
    expect(await rowsOf(target, 'users')).toEqual(before);
    expect(await rowsOf(target, 'clients')).toEqual(clientsBefore);
  }, 60_000);

  it('refuses a file that is not a backup, and a backup of another schema version', async () => {
    const notBackup = path.join(folder, 'not.tar.gz');
    await writeFile(notBackup, 'hello');
    await expect(restoreBackup(target.pool, createReadStream(notBackup))).rejects.toThrow(
      /not a complete Adloom backup/,
    );

    await target.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 99999999999999)`,
    );
    try {
      await expect(restoreBackup(target.pool, createReadStream(file))).rejects.toThrow(
        /made at schema version \d+ and the database is at \d+/,
      );
    } finally {
      await target.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'newer'`);
    }
  }, 60_000);
});

describe('an installation from before the embedded PostgreSQL', () => {
  it('moves the rows of its PGlite folder into the embedded database on the first start, keeping the old folder', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adloom-pglite-'));
    try {
      // DATA_DIR as the previous version left it: PGlite files in {DATA_DIR}/pglite, migrated, with a user.
      const { PGlite } = await import('@electric-sql/pglite');
      const { drizzle } = await import('drizzle-orm/pglite');
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      const old = new PGlite(path.join(dataDir, 'pglite'));
      await migrate(drizzle(old), { migrationsFolder: path.resolve(import.meta.dirname, '../drizzle') });
      await createUser(drizzle(old) as unknown as Database['db'], {
        email: 'from-pglite@example.com',
        password: 'a long enough password',
        firstName: 'Old',
        lastName: 'Data',
        emailVerified: true,
      });
      await old.close();

      const database = await openDatabase({ dataDir, role: 'owner', command: 'test' });
      try {
        await database.migrate();
        expect(((await rowsOf(database, 'users')) as { email: string }[]).map((u) => u.email)).toEqual([
          'from-pglite@example.com',
        ]);
      } finally {
        await database.close();
      }
      const left = await readdir(dataDir);
      expect(left.some((name) => name.startsWith('pglite.imported-'))).toBe(true);
      expect(left).not.toContain('pglite');
      expect(left.some((name) => /^pglite-export-.*\.tar\.gz$/.test(name))).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // PGlite's migrations alone take tens of seconds on a busy 2-core machine.
  }, 300_000);
});
