import { Command } from 'commander';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DomainError } from './errors.js';
import { addMember, createClient, findClientByName } from './modules/clients/clients.service.js';
import { createSignInLink } from './modules/users/account.service.js';
import { createMailer } from './modules/mail/mailer.js';
import { createUser, findUserByEmail, setPassword } from './modules/users/users.service.js';
import { createFileStore } from './storage/create-file-store.js';
import { users } from './db/schema.js';
import { eq } from 'drizzle-orm';

/** Admin command line: `npm run cli -- <command>`. Uses DATABASE_URL or the PGlite files under DATA_DIR. */
const config = loadConfig();

async function withDatabase(run: (database: Database) => Promise<void>) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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
      const { url, expiresAt } = await createSignInLink(deps, opts.email, null);
      console.log(url);
      console.error(`(valid once, until ${expiresAt.toISOString()})`);
    }),
  );

await program.parseAsync(process.argv);
