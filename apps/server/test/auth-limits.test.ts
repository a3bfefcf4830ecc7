import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { authThrottles } from '../src/db/schema.js';
import { addressKey } from '../src/auth/limits.js';
import { purgeExpiredSessions } from '../src/auth/sessions.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  makeUser,
  PASSWORD,
  signIn,
  type TestApp,
} from './harness.js';

// Issue 14, item 7: sign-in and mail limits that a forged X-Forwarded-For, a password spray, a botnet or
// a second web process cannot get around.

type Attempt = { email: string; password?: string; ip?: string; forwardedFor?: string };

function attempt(t: TestApp, a: Attempt) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: { email: a.email, password: a.password ?? 'one sprayed password' },
    remoteAddress: a.ip ?? '192.0.2.1',
    headers: a.forwardedFor ? { 'x-forwarded-for': a.forwardedFor } : {},
  });
}

async function codes(t: TestApp, attempts: Attempt[]): Promise<number[]> {
  const out: number[] = [];
  for (const a of attempts) out.push((await attempt(t, a)).statusCode);
  return out;
}

const emails = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}@example.com`);

describeEachDatabase('sign-in limits on %s', (kind) => {
  describe('without TRUST_PROXY (defaults: 10 failures per account, 20 per address)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t.close());

    it('ignores X-Forwarded-For: rotating it does not give more guesses', async () => {
      const targets = emails(24, 'xff');
      const results = await codes(
        t,
        targets.map((email, i) => ({ email, ip: '192.0.2.10', forwardedFor: `203.0.113.${i + 1}` })),
      );
      expect(results.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(results.slice(20)).toEqual([429, 429, 429, 429]);
    });

    it('limits one password sprayed over 20 real accounts from one address', async () => {
      const users = [];
      for (let i = 0; i < 22; i++) users.push(await makeUser(t));
      const results = await codes(
        t,
        users.map((u) => ({ email: u.email, ip: '192.0.2.20' })),
      );
      expect(results.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(results.slice(20)).toEqual([429, 429]);
      const refused = await attempt(t, { email: users[21]!.email, ip: '192.0.2.20', password: PASSWORD });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many attempts\. Try again in \d+ minutes?\.$/),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expect(
        (await attempt(t, { email: users[21]!.email, ip: '192.0.2.21', password: PASSWORD })).statusCode,
      ).toBe(200);
    });

    it('counts a burst of parallel guesses at one account before any is checked', async () => {
      const user = await makeUser(t);
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => attempt(t, { email: user.email, ip: `198.51.100.${i + 1}` })),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    });

    it('does not count successful sign-ins against an address (many people behind one NAT)', async () => {
      const user = await makeUser(t);
      const results = await codes(
        t,
        Array.from({ length: 30 }, () => ({ email: user.email, ip: '192.0.2.30', password: PASSWORD })),
      );
      expect(results).toEqual(Array(30).fill(200));
    });

    it('IPv6 addresses of one /64 count as one', () => {
      expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:0db8:0001:0002:ffff:1:2:3'));
      expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
      expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    });
  });

  describe('with TRUST_PROXY naming the proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { TRUST_PROXY: '10.0.0.1, 10.9.0.0/16', LOGIN_RATE_LIMIT_MAX: '5' });
    });
    afterAll(() => t.close());

    it('believes X-Forwarded-For from the proxy, and only from it', async () => {
      // Through the proxy, each forwarded client is its own address: 12 clients, one failure each.
      const viaProxy = await codes(
        t,
        emails(12, 'proxied').map((email, i) => ({
          email,
          ip: i % 2 ? '10.0.0.1' : '10.9.4.4',
          forwardedFor: `203.0.113.${i + 1}`,
        })),
      );
      expect(viaProxy).toEqual(Array(12).fill(401));
      // From anyone else the header is ignored: the socket's address is counted (10 per address here).
      const direct = await codes(
        t,
        emails(12, 'direct').map((email, i) => ({
          email,
          ip: '192.0.2.50',
          forwardedFor: `203.0.113.${i + 1}`,
        })),
      );
      expect(direct.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(direct.slice(10)).toEqual([429, 429]);
      // The session records the forwarded client address.
      const user = await makeUser(t);
      const res = await attempt(t, {
        email: user.email,
        password: PASSWORD,
        ip: '10.0.0.1',
        forwardedFor: '203.0.113.77',
      });
      const cookie = (res.cookies as { name: string; value: string }[])
        .map((c) => `${c.name}=${c.value}`)
        .join('; ');
      const csrf = (res.cookies as { name: string; value: string }[]).find(
        (c) => c.name === 'adloom_csrf',
      )!.value;
      const sessions = await gql(t, { session: { cookie, csrf }, query: '{ mySessions { ip } }' });
      expect(sessions.data?.mySessions).toEqual([{ ip: '203.0.113.77' }]);
    });

    it('locks an account guessed at from many addresses, with growing locks', async () => {
      const user = await makeUser(t);
      const results = await codes(
        t,
        Array.from({ length: 7 }, (_, i) => ({
          email: user.email,
          ip: '10.0.0.1',
          forwardedFor: `198.51.100.${i + 1}`,
        })),
      );
      expect(results).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // Even the right password waits for the lock.
      const right = await attempt(t, {
        email: user.email,
        password: PASSWORD,
        ip: '10.0.0.1',
        forwardedFor: '198.51.100.99',
      });
      expect(right.statusCode).toBe(429);

      const key = `sign-in:account:${user.email}`;
      const lockMs = async () => {
        const [row] = await t.deps.db.select().from(authThrottles).where(eq(authThrottles.key, key));
        return row!.lockedUntil!.getTime() - row!.lastAt.getTime();
      };
      expect(await lockMs()).toBeGreaterThan(4.9 * 60_000);
      expect(await lockMs()).toBeLessThanOrEqual(5 * 60_000 + 1000);
      // When the lock ends, one more failure locks it again for twice as long.
      const expire = () =>
        t.deps.db
          .update(authThrottles)
          .set({ lockedUntil: new Date(Date.now() - 1000) })
          .where(eq(authThrottles.key, key));
      await expire();
      expect(
        (await attempt(t, { email: user.email, ip: '10.0.0.1', forwardedFor: '198.51.100.50' })).statusCode,
      ).toBe(401);
      expect(
        (await attempt(t, { email: user.email, ip: '10.0.0.1', forwardedFor: '198.51.100.51' })).statusCode,
      ).toBe(429);
      expect(await lockMs()).toBeGreaterThan(9.9 * 60_000);
      await expire();
      expect(
        (await attempt(t, { email: user.email, ip: '10.0.0.1', forwardedFor: '198.51.100.52' })).statusCode,
      ).toBe(401);
      expect(await lockMs()).toBeGreaterThan(19.9 * 60_000);

      // A password reset proves the mailbox and lifts the lock.
      await t.app.inject({
        method: 'POST',
        url: '/auth/password/forgot/',
        payload: { email: user.email },
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.60' },
      });
      const link = new URL(/(http\S+)/.exec(t.mails.at(-1)!.text)![1]!);
      await t.app.inject({
        method: 'POST',
        url: '/auth/password/reset/',
        payload: { token: link.searchParams.get('token'), password: 'after the lock 1' },
      });
      expect(
        (
          await attempt(t, {
            email: user.email,
            password: 'after the lock 1',
            ip: '10.0.0.1',
            forwardedFor: '198.51.100.61',
          })
        ).statusCode,
      ).toBe(200);
    });

    it('holds across web processes sharing the database', async () => {
      const second = await buildApp({
        config: t.config,
        database: t.deps.database,
        mailer: t.deps.mailer,
        files: t.deps.files,
        jobs: t.deps.jobs,
        logger: false,
      });
      await second.app.ready();
      try {
        const user = await makeUser(t);
        const results: number[] = [];
        for (let i = 0; i < 8; i++) {
          const app = i % 2 ? second.app : t.app;
          const res = await app.inject({
            method: 'POST',
            url: '/auth/login/',
            payload: { email: user.email, password: 'wrong guess' },
            remoteAddress: '10.0.0.1',
            headers: { 'x-forwarded-for': `198.51.100.${i + 100}` },
          });
          results.push(res.statusCode);
        }
        expect(results).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      } finally {
        await second.app.close();
      }
    });
  });

  it('refuses TRUST_PROXY=true (it would believe anyone)', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
  });
});

describeEachDatabase('mail limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it('limits mails to one address: registrations and resets, 5 per hour', async () => {
    const results: number[] = [];
    for (let i = 0; i < 3; i++)
      results.push(
        (
          await post(
            '/auth/register/',
            { email: 'target@example.com', password: 'a password 1' },
            `192.0.2.${100 + i}`,
          )
        ).statusCode,
      );
    for (let i = 0; i < 3; i++)
      results.push(
        (await post('/auth/password/forgot/', { email: 'target@example.com' }, `192.0.2.${110 + i}`))
          .statusCode,
      );
    expect(results).toEqual([202, 202, 202, 202, 202, 429]);
    expect(t.mails.filter((m) => m.to === 'target@example.com')).toHaveLength(5);
  });

  it('limits mails asked for from one address: 20 per hour', async () => {
    const results: number[] = [];
    for (let i = 0; i < 22; i++)
      results.push(
        (await post('/auth/password/forgot/', { email: `someone${i}@example.com` }, '192.0.2.200'))
          .statusCode,
      );
    expect(results.slice(0, 20)).toEqual(Array(20).fill(202));
    expect(results.slice(20)).toEqual([429, 429]);
    // The answer is the same for addresses with and without an account.
    const user = await makeUser(t);
    const known = await post('/auth/password/forgot/', { email: user.email }, '192.0.2.200');
    expect(known.statusCode).toBe(429);
  });

  it('limits invitations and staff sign-in links per address', async () => {
    const client = await makeClient(t);
    const admin = await makeUser(t, { clientId: client.id, isAdmin: true });
    const session = await signIn(t, admin.email, PASSWORD);
    const invite = () =>
      gql(t, {
        session,
        clientId: client.id,
        query: 'mutation { inviteUser(email: "bombed@example.com") { error { code message } } }',
      });
    for (let i = 0; i < 5; i++) expect((await invite()).data?.inviteUser.error).toBeNull();
    expect((await invite()).data?.inviteUser.error).toMatchObject({ code: 'RATE_LIMITED' });

    const staff = await makeUser(t, { isStaff: true });
    const staffSession = await signIn(t, staff.email, PASSWORD);
    const link = () =>
      gql(t, {
        session: staffSession,
        query: 'mutation($e: String!) { portalCreateSignInLink(email: $e) { url error { code } } }',
        variables: { e: admin.email },
      });
    for (let i = 0; i < 5; i++) expect((await link()).data?.portalCreateSignInLink.error).toBeNull();
    expect((await link()).data?.portalCreateSignInLink.error).toEqual({ code: 'RATE_LIMITED' });
    const rows = await t.deps.db.select().from(authThrottles).where(like(authThrottles.key, 'mail:%'));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('drops counters untouched for two days when sessions are purged', async () => {
    const old = new Date(Date.now() - 3 * 86_400_000);
    await t.deps.db.insert(authThrottles).values([
      { key: 'test:old', count: 3, firstAt: old, lastAt: old },
      { key: 'test:fresh', count: 3, firstAt: new Date(), lastAt: new Date() },
    ]);
    await purgeExpiredSessions(t.deps.db);
    const left = await t.deps.db.select().from(authThrottles).where(like(authThrottles.key, 'test:%'));
    expect(left.map((r) => r.key)).toEqual(['test:fresh']);
  });
});
