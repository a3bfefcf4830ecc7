import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { mailOutbox } from '../src/db/schema.js';
import { redactText, redactUrl } from '../src/http/redact.js';
import type { Mail } from '../src/modules/mail/mailer.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  makeUser,
  openTestDatabase,
  PASSWORD,
  signIn,
  type TestApp,
} from './harness.js';

// Issue 14, item 8: no live link token in the staff outbox or in the access log.

describe('redaction rules', () => {
  it('redacts token, code and state query values and export file tokens in URLs', () => {
    expect(redactUrl('/register/verify/?token=abc123&x=1')).toBe('/register/verify/?token=[redacted]&x=1');
    expect(redactUrl('/auth/token/auth0/?code=c0de&state=s7ate')).toBe(
      '/auth/token/auth0/?code=[redacted]&state=[redacted]',
    );
    expect(redactUrl('/login/reset/?%74oken=abc')).toBe('/login/reset/?%74oken=[redacted]');
    const feed = '0b3c3a3e-1111-4222-8333-444455556666';
    expect(redactUrl(`/export/clients/c/catalogs/k/sets/s/${feed}.SeCrEt_token-123.xml`)).toBe(
      `/export/clients/c/catalogs/k/sets/s/${feed}.[redacted].xml`,
    );
    expect(redactUrl('/export/catalog-template.csv')).toBe('/export/catalog-template.csv');
    expect(redactUrl('/api/clients/x/')).toBe('/api/clients/x/');
  });

  it('redacts named secrets (raw and URL-encoded) and token links in mail text', () => {
    const secret = 'a+b/c==';
    const text = `Open http://x/a/?token=${encodeURIComponent(secret)} or paste ${secret}. Also http://x/b/?id=1&token=zzz.`;
    expect(redactText(text, [secret])).toBe(
      'Open http://x/a/?token=[redacted] or paste [redacted]. Also http://x/b/?id=1&token=[redacted].',
    );
  });
});

describeEachDatabase('the staff outbox on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function outboxRowFor(to: string) {
    const [row] = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return row!;
  }

  function sentToken(to: string): string {
    const mail = t.mails.filter((m: Mail) => m.to === to).at(-1)!;
    return new URL(/(http\S+)/.exec(mail.text)![1]!).searchParams.get('token')!;
  }

  it('keeps verification, reset and invitation mails with the token redacted; the real mail has it', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/auth/register/',
      payload: { email: 'redact-me@example.com', password: 'a good password' },
    });
    const verifyToken = sentToken('redact-me@example.com');
    const verifyRow = await outboxRowFor('redact-me@example.com');
    expect(verifyRow.text).toContain('/register/verify/?token=[redacted]');
    expect(verifyRow.text).not.toContain(verifyToken);
    expect(verifyRow.text).not.toContain(encodeURIComponent(verifyToken));
    // The token the mail went out with is live.
    const verified = await t.app.inject({
      method: 'POST',
      url: '/auth/verify/',
      payload: { token: verifyToken },
    });
    expect(verified.statusCode).toBe(200);

    const user = await makeUser(t);
    await t.app.inject({ method: 'POST', url: '/auth/password/forgot/', payload: { email: user.email } });
    const resetToken = sentToken(user.email);
    const resetRow = await outboxRowFor(user.email);
    expect(resetRow.text).toContain('/login/reset/?token=[redacted]');
    expect(resetRow.text).not.toContain(resetToken);

    const client = await makeClient(t);
    const admin = await makeUser(t, { clientId: client.id, isAdmin: true });
    const session = await signIn(t, admin.email, PASSWORD);
    await gql(t, {
      session,
      clientId: client.id,
      query: 'mutation { inviteUser(email: "invitee-redacted@example.com") { error { code } } }',
    });
    const inviteToken = sentToken('invitee-redacted@example.com');
    const inviteRow = await outboxRowFor('invitee-redacted@example.com');
    expect(inviteRow.text).toContain('/register/linking/?token=[redacted]');
    expect(inviteRow.text).not.toContain(inviteToken);

    // Staff read the same redacted text in the portal.
    const staff = await makeUser(t, { isStaff: true });
    const outbox = await gql(t, {
      session: await signIn(t, staff.email, PASSWORD),
      query: '{ outbox(limit: 50) { text } }',
    });
    const texts = (outbox.data?.outbox as { text: string }[]).map((m) => m.text).join('\n');
    for (const token of [verifyToken, resetToken, inviteToken]) expect(texts).not.toContain(token);
  });
});

describeEachDatabase('the access log on %s', (kind) => {
  let database: Database;
  let dataDir: string;
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>['app'];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'adloom-log-test-'));
    database = await openTestDatabase(kind);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const config = loadConfig({
      PUBLIC_URL: 'http://adloom.test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      // Request lines are written at debug.
      LOG_LEVEL: 'debug',
    });
    ({ app } = await buildApp({
      config,
      database,
      mailer: { send: async () => ({ sent: false }) },
      logStream,
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs request URLs without link tokens, OIDC codes or export tokens', async () => {
    const secrets = {
      signIn: 'SignInLinkSecret0123456789abcdefghijk',
      verify: 'VerifyLinkSecret0123456789abcdefghijk',
      reset: 'ResetLinkSecret0123456789abcdefghijkl',
      code: 'OidcCodeSecret0123456789',
      exportToken: 'ExportTokenSecret012345',
    };
    const feed = '0b3c3a3e-1111-4222-8333-444455556666';
    const ids = '0b3c3a3e-1111-4222-8333-000000000001';
    for (const url of [
      `/auth/login/token/?token=${secrets.signIn}`,
      `/register/verify/?token=${secrets.verify}`,
      `/login/reset/?token=${secrets.reset}`,
      `/auth/token/auth0/?code=${secrets.code}&state=xyz`,
      `/export/clients/${ids}/catalogs/${ids}/sets/${ids}/${feed}.${secrets.exportToken}.xml`,
    ])
      await app.inject({ method: 'GET', url });
    const log = lines.join('');
    expect(log).toContain('"url":"/auth/login/token/?token=[redacted]"');
    expect(log).toContain(`${feed}.[redacted].xml`);
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
  });
});
