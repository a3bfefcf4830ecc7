import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createInProcessQueue } from '../src/jobs/in-process-queue.js';
import type { AppDeps } from '../src/deps.js';
import type { Mail, Mailer } from '../src/modules/mail/mailer.js';
import { createMailer } from '../src/modules/mail/mailer.js';
import { addMember, createClient } from '../src/modules/clients/clients.service.js';
import { createUser } from '../src/modules/users/users.service.js';
import type { PlanStatus } from '../src/db/schema.js';
import { describe, inject } from 'vitest';

export type DbKind = 'embedded' | 'postgres';

/** The embedded PostgreSQL always; the server of TEST_DATABASE_URL too when it is set (CI sets it). */
export const dbKinds: DbKind[] = inject('testDatabases').map((d) => d.kind);

/**
 * `describe.each` over both database kinds (`%s` in the name is the kind): a kind this run has no server
 * for (postgres without TEST_DATABASE_URL) is reported as skipped instead of not existing.
 */
export function describeEachDatabase(name: string, body: (kind: DbKind) => void): void {
  for (const kind of ['embedded', 'postgres'] as const)
    describe.skipIf(!dbKinds.includes(kind))(name.replace('%s', kind), () => body(kind));
}

/**
 * A fresh, migrated database of the kind, dropped on close: a copy of the run's migrated template
 * (test/setup/databases.ts), so it costs a CREATE DATABASE, not the migrations.
 */
export async function openTestDatabase(kind: DbKind): Promise<Database> {
  const server = inject('testDatabases').find((d) => d.kind === kind);
  if (!server) throw new Error(`No ${kind} test database (set TEST_DATABASE_URL for postgres)`);
  const name = `adloom_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${server.template}`);
  await admin.end();
  const url = new URL(server.adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  database.kind = kind;
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: server.adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return database;
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  /** Every mail sent, newest last (also written to the outbox table). */
  mails: Mail[];
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  /** A stream to read the app's log from (JSON lines at LOG_LEVEL); without it nothing is logged. */
  logStream?: Writable,
  /** `in-process`: the app's job queue is the in-process one (no pg-boss); default: PostgreSQL's. */
  options: { jobs?: 'postgresql' | 'in-process' } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adloom-test-'));
  const config = loadConfig({
    PUBLIC_URL: 'http://adloom.test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database = await openTestDatabase(kind);
  const mails: Mail[] = [];
  const quiet = { info: () => undefined, error: () => undefined };
  // Through SMTP only when the test sets SMTP_URL (a local SMTP server); otherwise to the outbox alone.
  const real = createMailer(database.db, quiet, config.smtpUrl, config.mailFrom);
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
      return real.send(mail);
    },
  };
  const jobs = options.jobs === 'in-process' ? createInProcessQueue({ kind }) : undefined;
  const { app, deps } = await buildApp({ config, database, mailer, jobs, logger: !!logStream, logStream });
  await app.ready();
  return {
    app,
    deps,
    config,
    mails,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like session: its cookies and the CSRF token the page would read from the cookie. */
export interface Session {
  cookie: string;
  csrf: string;
}

export function sessionFrom(response: LightMyRequestResponse): Session {
  const cookies = response.cookies as { name: string; value: string }[];
  const session = cookies.find((c) => c.name === 'adloom_session');
  const csrf = cookies.find((c) => c.name === 'adloom_csrf');
  if (!session || !csrf)
    throw new Error(`no session cookies in response ${response.statusCode}: ${response.body}`);
  return { cookie: `adloom_session=${session.value}; adloom_csrf=${csrf.value}`, csrf: csrf.value };
}

export async function signIn(t: TestApp, email: string, password: string): Promise<Session> {
  const response = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed ${response.statusCode}: ${response.body}`);
  return sessionFrom(response);
}

export interface GqlResult<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** Sends a GraphQL request as a signed-in browser would (cookie plus CSRF header). */
export async function gql<T = Record<string, any>>(
  t: TestApp,
  opts: { session?: Session; clientId?: string; query: string; variables?: Record<string, unknown> },
): Promise<GqlResult<T>> {
  const url = opts.clientId ? `/api/clients/${opts.clientId}/` : '/api/';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.session) {
    headers.cookie = opts.session.cookie;
    headers['x-csrf-token'] = opts.session.csrf;
  }
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers,
    payload: { query: opts.query, variables: opts.variables ?? {} },
  });
  return { status: response.statusCode, ...(JSON.parse(response.body) as object) };
}

export const PASSWORD = 'correct horse battery';

let seq = 0;
/** A verified user with a password, optionally a member of a client. */
export async function makeUser(
  t: TestApp,
  opts: {
    clientId?: string;
    isAdmin?: boolean;
    isStaff?: boolean;
    isSuperUser?: boolean;
    email?: string;
    firstName?: string;
    lastName?: string;
  } = {},
) {
  seq += 1;
  const user = await createUser(t.deps.db, {
    email: opts.email ?? `user${seq}-${randomBytes(3).toString('hex')}@example.com`,
    password: PASSWORD,
    firstName: opts.firstName ?? 'Test',
    lastName: opts.lastName ?? `User${seq}`,
    isStaff: opts.isStaff,
    isSuperUser: opts.isSuperUser,
    emailVerified: true,
  });
  if (opts.clientId)
    await addMember(t.deps.db, { userId: user.id, clientId: opts.clientId, isAdmin: opts.isAdmin ?? false });
  return user;
}

export async function makeClient(t: TestApp, name = `Client ${++seq}`, planStatus: PlanStatus = 'paying') {
  return createClient(t.deps.db, { name, planStatus });
}

/** Two clients, each with an admin and a plain user, for isolation tests. */
export async function twoClients(t: TestApp) {
  const a = await makeClient(t, 'Acme');
  const b = await makeClient(t, 'Bravo');
  const adminA = await makeUser(t, { clientId: a.id, isAdmin: true });
  const userA = await makeUser(t, { clientId: a.id });
  const adminB = await makeUser(t, { clientId: b.id, isAdmin: true });
  const userB = await makeUser(t, { clientId: b.id });
  return {
    a,
    b,
    adminA,
    userA,
    adminB,
    userB,
    sessionAdminA: await signIn(t, adminA.email, PASSWORD),
    sessionAdminB: await signIn(t, adminB.email, PASSWORD),
  };
}
