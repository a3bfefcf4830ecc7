import { Command } from 'commander';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DomainError } from './errors.js';
import { addMember, createClient, findClientByName } from './modules/clients/index.js';
import { createSignInLink, createUser, findUserByEmail, setPassword } from './modules/users/index.js';
import { recordAudit, SYSTEM_ACTOR } from './modules/audit/index.js';
import { createMailer } from './modules/mail/index.js';
import { createFileStore } from './storage/create-file-store.js';
import { users } from './db/schema.js';
import { eq } from 'drizzle-orm';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, restoreBackup, writeBackup } from './db/backup.js';
import { createJobQueue } from './jobs/queue.js';

/**
 * Admin command line: `npm run cli -- <command>`. Uses DATABASE_URL's server, or the embedded database of
 * DATA_DIR: through the running server's socket when `npm start` is running (its changes are seen at
 * once), otherwise by starting the embedded database for the command's run (DATA_DIR is locked meanwhile).
 */
const config = loadConfig();

async function withDatabase(run: (database: Database) => Promise<void>) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    role: 'any',
    command: `npm run cli -- ${process.argv[2] ?? ''}`.trim(),
    poolSize: 2,
  });
  try {
    await database.migrate();
    await run(database);
  } catch (e) {
    if (e instanceof DomainError) {
      console.error(`error: ${e.message}`);
      process.exitCode = 1;
    } else throw e;
  } finally {
    await database.close();
  }
}

const program = new Command('adloom').description('Adloom administration');

program
  .command('user:create')
  .description('create a user, optionally in a client (created when missing)')
  .requiredOption('--email <email>')
  .requiredOption('--password <password>')
  .option('--first <name>', 'first name')
  .option('--last <name>', 'last name')
  .option('--staff', 'staff member (opens the portal)')
  .option('--superuser', 'super user')
  .option('--client <name>', 'add the user to this client')
  .option('--admin', 'as an admin of --client')
  .action((opts) =>
    withDatabase(async ({ db }) => {
      const user = await createUser(db, {
        email: opts.email,
        password: opts.password,
        firstName: opts.first,
        lastName: opts.last,
        isStaff: Boolean(opts.staff),
        isSuperUser: Boolean(opts.superuser),
        emailVerified: true,
      });
      let where = '';
      if (opts.client) {
        const client =
          (await findClientByName(db, opts.client)) ?? (await createClient(db, { name: opts.client }));
        await addMember(db, { userId: user.id, clientId: client.id, isAdmin: Boolean(opts.admin) });
        where = ` in client "${client.name}" (${client.id})${opts.admin ? ' as admin' : ''}`;
      } else if (opts.admin) {
        throw new DomainError('INVALID_INPUT', '--admin needs --client');
      }
      console.log(`created user ${user.email} (${user.id})${where}`);
    }),
  );

program
  .command('user:password')
  .description("set a user's password")
  .requiredOption('--email <email>')
  .requiredOption('--password <password>')
  .action((opts) =>
    withDatabase(async ({ db }) => {
      const user = await findUserByEmail(db, opts.email);
      if (!user) throw new DomainError('NOT_FOUND', `No user has the e-mail ${opts.email}.`);
      await setPassword(db, user.id, opts.password);
      await db
        .update(users)
        .set({ emailVerifiedAt: user.emailVerifiedAt ?? new Date() })
        .where(eq(users.id, user.id));
      console.log(`password changed for ${user.email}`);
    }),
  );

program
  .command('client:create')
  .description('create a client (workspace)')
  .requiredOption('--name <name>')
  .option('--plan <status>', 'paying, trial or expired', 'trial')
  .action((opts) =>
    withDatabase(async ({ db }) => {
      if (!['paying', 'trial', 'expired'].includes(opts.plan))
        throw new DomainError('INVALID_INPUT', '--plan must be paying, trial or expired');
      const client = await createClient(db, { name: opts.name, planStatus: opts.plan });
      console.log(`created client "${client.name}" (${client.id})`);
    }),
  );

program
  .command('token:create')
  .description('print a one-time sign-in URL (token sign-in, generic branding)')
  .requiredOption('--email <email>')
  .action((opts) =>
    withDatabase(async (database) => {
      const deps = {
        config,
        database,
        db: database.db,
        mailer: createMailer(database.db, console as never, config.smtpUrl, config.mailFrom),
        files: createFileStore(config),
        log: console as never,
      };
      const { url, expiresAt, user } = await createSignInLink(deps, opts.email, null);
      await recordAudit(database.db, SYSTEM_ACTOR, {
        clientId: null,
        action: 'staff.sign_in_link_created',
        target: { kind: 'user', id: user.id, label: user.email },
        details: { expiresAt: expiresAt.toISOString(), via: 'cli' },
      });
      console.log(url);
      console.error(`(valid once, until ${expiresAt.toISOString()})`);
    }),
  );

/** The local file store's folder, when files live on this disk (with S3 the bucket keeps them). */
const localFilesDir = () => (config.s3 ? undefined : path.join(config.dataDir, 'files'));
const progress = (message: string) => console.error(`… ${message}`);

program
  .command('backup')
  .description('write a backup of the whole installation (database rows and stored files) while it runs')
  .requiredOption('--out <file>', 'the backup file to write (a .tar.gz)')
  .option('--no-files', 'leave out the stored files (uploads, creatives)')
  .action((opts: { out: string; files: boolean }) =>
    withDatabase(async ({ pool }) => {
      const out = path.resolve(opts.out);
      const partial = `${out}.partial`;
      try {
        const manifest = await writeBackup(pool, createWriteStream(partial), {
          filesDir: opts.files ? localFilesDir() : undefined,
          progress,
        });
        await rename(partial, out);
        const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
        console.log(
          `backup written to ${out}: ${rows} rows in ${manifest.tables.length} tables, ${manifest.files} files`,
        );
      } catch (e) {
        await rm(partial, { force: true });
        throw e;
      }
    }),
  );

program
  .command('restore')
  .description('replace every row (and stored file) with those of a backup; works while the server runs')
  .requiredOption('--from <file>', 'a backup written by the backup command')
  .option('--no-files', 'leave the stored files as they are')
  .action((opts: { from: string; files: boolean }) =>
    withDatabase(async (database) => {
      const from = path.resolve(opts.from);
      if (!existsSync(from)) throw new DomainError('NOT_FOUND', `No backup file at ${from}.`);
      // The job queue's tables must exist to take the backup's jobs.
      const queue = createJobQueue(database, { log: { info() {}, warn() {}, error() {} } });
      await queue.start();
      await queue.stop();
      try {
        const summary = await restoreBackup(database.pool, createReadStream(from), {
          filesDir: opts.files ? localFilesDir() : undefined,
          progress,
        });
        console.log(
          `restored ${from} (made ${summary.manifest.createdAt}): ${summary.rows} rows, ${summary.files} files`,
        );
      } catch (e) {
        if (e instanceof BackupError) throw new DomainError('INVALID_INPUT', e.message);
        throw e;
      }
    }),
  );

await program.parseAsync(process.argv);
