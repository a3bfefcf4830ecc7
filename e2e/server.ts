// Serves the built product for the browser tests on a fresh embedded database with known fixtures.
import { appendFileSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { seedTemplateLibrary } from '../apps/server/src/modules/templates/library/seed.js';
import { startWebWorkers } from '../apps/server/src/jobs/worker-process.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { addMember, createClient, setFeature } from '../apps/server/src/modules/clients/clients.service.js';
import { createUser } from '../apps/server/src/modules/users/users.service.js';
import { createMailer, type Mailer } from '../apps/server/src/modules/mail/mailer.js';
import { E2E_PASSWORD, fixturesFile, sentMailsFile, type Fixtures } from './fixtures.js';

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'adloom-e2e-'));
const config = loadConfig({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  // The feeds test serves its product images from its own server on 127.0.0.1 (any port).
  FETCH_ALLOW_HOSTS: '127.0.0.1',
  // The whole browser suite signs in from one address within minutes; the sign-in rate limit has its
  // own tests (apps/server/test/auth.test.ts).
  LOGIN_RATE_LIMIT_MAX: '1000',
  // Likewise for mails (registrations, invitations, resets), limited per address in auth-limits.test.ts.
  MAIL_RATE_LIMIT_PER_IP: '1000',
});
const database = await openDatabase({ dataDir });
await database.migrate();
const { db } = database;

const user = (email: string, first: string, last: string, extra: { isStaff?: boolean } = {}) =>
  createUser(db, {
    email,
    password: E2E_PASSWORD,
    firstName: first,
    lastName: last,
    emailVerified: true,
    ...extra,
  });

const acme = await createClient(db, { name: 'Acme', planStatus: 'paying' });
const bravo = await createClient(db, { name: 'Bravo', planStatus: 'paying' });
const expired = await createClient(db, { name: 'Old Co', planStatus: 'expired' });
const terms = await createClient(db, { name: 'Terms Co', planStatus: 'paying' });
// Its own client, so the Meta journey's synced figures meet no other test's data.
const metaCo = await createClient(db, { name: 'Meta Co', planStatus: 'paying' });
// Its own client for the creative-features and DPA journeys (demo data, then an imported export).
const featuresCo = await createClient(db, { name: 'Features Co', planStatus: 'paying' });
await setFeature(db, terms.id, 'terms', true);

const staff = await user('staff@e2e.test', 'Sam', 'Staff', { isStaff: true });
const adminA = await user('admin.a@e2e.test', 'Alice', 'Admin');
const userA = await user('user.a@e2e.test', 'Umar', 'User');
const adminB = await user('admin.b@e2e.test', 'Bob', 'Bravo');
const multi = await user('multi@e2e.test', 'Mia', 'Multi');
const expiredUser = await user('expired@e2e.test', 'Eve', 'Expired');
const termsUser = await user('terms@e2e.test', 'Tom', 'Terms');
const adminMeta = await user('admin.meta@e2e.test', 'Max', 'Meta');
const adminFeatures = await user('admin.features@e2e.test', 'Fay', 'Features');
await addMember(db, { userId: adminA.id, clientId: acme.id, isAdmin: true });
await addMember(db, { userId: userA.id, clientId: acme.id, isAdmin: false });
await addMember(db, { userId: adminB.id, clientId: bravo.id, isAdmin: true });
await addMember(db, { userId: multi.id, clientId: acme.id, isAdmin: false });
await addMember(db, { userId: multi.id, clientId: bravo.id, isAdmin: false });
await addMember(db, { userId: expiredUser.id, clientId: expired.id, isAdmin: true });
await addMember(db, { userId: termsUser.id, clientId: terms.id, isAdmin: false });
await addMember(db, { userId: adminMeta.id, clientId: metaCo.id, isAdmin: true });
await addMember(db, { userId: adminFeatures.id, clientId: featuresCo.id, isAdmin: true });

const fixtures: Fixtures = {
  baseUrl: config.publicUrl,
  clients: {
    acme: acme.id,
    bravo: bravo.id,
    expired: expired.id,
    terms: terms.id,
    meta: metaCo.id,
    features: featuresCo.id,
  },
  users: {
    staff: staff.email,
    adminA: adminA.email,
    userA: userA.email,
    adminB: adminB.email,
    multi: multi.email,
    expired: expiredUser.email,
    terms: termsUser.email,
    adminMeta: adminMeta.email,
    adminFeatures: adminFeatures.email,
  },
};
mkdirSync(path.dirname(fixturesFile), { recursive: true });
writeFileSync(fixturesFile, JSON.stringify(fixtures, null, 2));

// The tests read links from the mails as sent (helpers.ts mailedLink): the outbox has them redacted.
writeFileSync(sentMailsFile, '');
const outbox = createMailer(db, { info: () => undefined, error: console.error }, undefined, config.mailFrom);
const mailer: Mailer = {
  async send(mail) {
    appendFileSync(
      sentMailsFile,
      `${JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text })}\n`,
    );
    // Not sent (no SMTP here): the app says so and shows invitation links to copy.
    return outbox.send(mail);
  },
};

const { app, deps } = await buildApp({ config, database, mailer, logger: false });
// The library's thumbnails can miss the renderer's 9 s font limit on a loaded machine ('Failed to load
// fonts'); the seed is idempotent, so a second or third try finishes it (the product retries it as a job).
for (let attempt = 1; ; attempt += 1) {
  try {
    await seedTemplateLibrary(deps);
    break;
  } catch (error) {
    if (attempt === 3) throw error;
    console.warn(`seeding the template library failed (${String(error)}); trying again`);
  }
}
await startWebWorkers(deps, config);
await app.listen({ port, host: '127.0.0.1' });
console.log(`e2e server on ${config.publicUrl} (data in ${dataDir})`);

// Playwright ends this server with a signal: stop the embedded database with it, rather than leaving it
// running without an owner.
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    void app
      .close()
      .then(() => deps.jobs.stop({ graceful: false }))
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
