import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { oneTimeTokens, users } from '../src/db/schema.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeUser,
  PASSWORD,
  sessionFrom,
  signIn,
  type Session,
  type TestApp,
} from './harness.js';

// Issue 14, items 6: pre-account takeover through local sign-up, forgotten and changed passwords, and
// the user's own sessions.

function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
  return (response.cookies as { name: string; value: string }[]).find((c) => c.name === name)?.value;
}

/** The token of the newest link to `path` mailed to `to`, read from the mail as sent (not the outbox). */
function mailedToken(t: TestApp, to: string, path: string): string {
  const mail = t.mails.filter((m) => m.to === to).at(-1);
  const link = mail && /(http\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no link mailed to ${to}`);
  const url = new URL(link);
  expect(url.pathname).toBe(path);
  return url.searchParams.get('token')!;
}

const SESSIONS = '{ mySessions { id current userAgent ip createdAt lastSeenAt } }';

describeEachDatabase('accounts and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, extra: { cookies?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'POST', url, payload, ...extra });
  const login = (email: string, password: string) => post('/auth/login/', { email, password });

  describe('pre-account takeover through local sign-up', () => {
    it('an attacker who registers the victim’s address never signs in with their password', async () => {
      const victim = 'victim@example.com';
      // The attacker registers the victim's address with a password of their own.
      const attacker = await post('/auth/register/', {
        email: victim,
        password: 'attacker password',
        firstName: 'Mallory',
        lastName: 'Attacker',
      });
      expect(attacker.statusCode).toBe(202);
      expect(cookieOf(attacker, 'adloom_signup')).toBeTruthy();
      // Before the owner is heard from, the attacker's password signs nobody in.
      expect((await login(victim, 'attacker password')).json().code).toBe('EMAIL_NOT_VERIFIED');

      // The victim opens the link the attacker's registration mailed them, in their own browser.
      const token = mailedToken(t, victim, '/register/verify/');
      const verified = await post('/auth/verify/', { token });
      expect(verified.statusCode).toBe(200);
      expect(cookieOf(verified, 'adloom_session')).toBeUndefined();
      const { passwordToken } = verified.json() as { passwordToken: string };
      expect(passwordToken).toEqual(expect.any(String));

      // The address is verified, but the attacker's password was not kept.
      expect((await login(victim, 'attacker password')).statusCode).toBe(401);
      const [row] = await t.deps.db.select().from(users).where(eq(users.email, victim));
      expect(row).toMatchObject({ passwordHash: null, firstName: '', lastName: '' });
      expect(row!.emailVerifiedAt).not.toBeNull();

      // The victim chooses a password and signs in with it; the attacker still cannot.
      expect(
        (await post('/auth/password/reset/', { token: passwordToken, password: 'victim password' }))
          .statusCode,
      ).toBe(200);
      expect((await login(victim, 'victim password')).statusCode).toBe(200);
      expect((await login(victim, 'attacker password')).statusCode).toBe(401);
      // The link works once.
      expect((await post('/auth/verify/', { token })).json().code).toBe('TOKEN_INVALID');
    });

    it('the owner registering too gets their own password; the attacker’s older link dies', async () => {
      const victim = 'owner@example.com';
      const attacker = await post('/auth/register/', { email: victim, password: 'attacker password' });
      const attackerToken = mailedToken(t, victim, '/register/verify/');
      const owner = await post('/auth/register/', { email: victim, password: 'owner password' });
      expect(owner.json()).toEqual(attacker.json());
      const ownerToken = mailedToken(t, victim, '/register/verify/');
      expect(ownerToken).not.toBe(attackerToken);

      // The owner opens their own link in the browser they registered in: signed in at once.
      const ownerCookie = cookieOf(owner, 'adloom_signup')!;
      const verified = await post(
        '/auth/verify/',
        { token: ownerToken },
        { cookies: { adloom_signup: ownerCookie } },
      );
      expect(verified.statusCode).toBe(200);
      expect(verified.json().next).toBe('/register/client/');
      sessionFrom(verified);
      expect((await login(victim, 'owner password')).statusCode).toBe(200);

      // The attacker's link, even with the attacker's own cookie, no longer does anything.
      const late = await post(
        '/auth/verify/',
        { token: attackerToken },
        { cookies: { adloom_signup: cookieOf(attacker, 'adloom_signup')! } },
      );
      expect(late.json().code).toBe('TOKEN_INVALID');
      expect((await login(victim, 'attacker password')).statusCode).toBe(401);
    });

    it('the attacker’s link opened in the owner’s browser (with the owner’s own cookie) keeps no password', async () => {
      const victim = 'crossed@example.com';
      const owner = await post('/auth/register/', { email: victim, password: 'owner password' });
      await post('/auth/register/', { email: victim, password: 'attacker password' });
      const attackerToken = mailedToken(t, victim, '/register/verify/');
      const verified = await post(
        '/auth/verify/',
        { token: attackerToken },
        { cookies: { adloom_signup: cookieOf(owner, 'adloom_signup')! } },
      );
      expect(verified.statusCode).toBe(200);
      expect(verified.json().passwordToken).toEqual(expect.any(String));
      expect(cookieOf(verified, 'adloom_session')).toBeUndefined();
      expect((await login(victim, 'attacker password')).statusCode).toBe(401);
      expect((await login(victim, 'owner password')).statusCode).toBe(401);
    });

    it('registering an already verified address only mails its owner', async () => {
      const user = await makeUser(t);
      const res = await post('/auth/register/', { email: user.email, password: 'attacker password' });
      expect(res.statusCode).toBe(202);
      expect(t.mails.at(-1)!.text).toContain('already has an account');
      expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
      expect((await login(user.email, 'attacker password')).statusCode).toBe(401);
    });
  });

  describe('forgotten password', () => {
    it('answers the same whether or not the address has an account', async () => {
      const user = await makeUser(t);
      const known = await post('/auth/password/forgot/', { email: user.email });
      const unknown = await post('/auth/password/forgot/', { email: 'nobody-here@example.com' });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.json()).toEqual(unknown.json());
      expect(t.mails.at(-2)!.to).toBe(user.email);
      expect(t.mails.at(-2)!.text).toContain('/login/reset/?token=');
      expect(t.mails.at(-1)!.to).toBe('nobody-here@example.com');
      expect(t.mails.at(-1)!.text).not.toContain('token=');
    });

    it('a reset link sets a new password once, ends the user’s sessions and then stops working', async () => {
      const user = await makeUser(t);
      const before = await signIn(t, user.email, PASSWORD);
      await post('/auth/password/forgot/', { email: user.email });
      const token = mailedToken(t, user.email, '/login/reset/');

      // A refused password does not use up the link.
      const short = await post('/auth/password/reset/', { token, password: 'short' });
      expect(short.json().code).toBe('INVALID_INPUT');

      const reset = await post('/auth/password/reset/', { token, password: 'a brand new password' });
      expect(reset.statusCode).toBe(200);
      expect((await gql(t, { session: before, query: '{ me { email } }' })).data?.me).toBeNull();
      expect((await login(user.email, PASSWORD)).statusCode).toBe(401);
      expect((await login(user.email, 'a brand new password')).statusCode).toBe(200);

      const again = await post('/auth/password/reset/', { token, password: 'yet another password' });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('TOKEN_INVALID');
      expect((await login(user.email, 'yet another password')).statusCode).toBe(401);
    });

    it('a reset link expires after an hour', async () => {
      const user = await makeUser(t);
      await post('/auth/password/forgot/', { email: user.email });
      const token = mailedToken(t, user.email, '/login/reset/');
      const [row] = await t.deps.db
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'reset_password')));
      const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
      expect(lifetime).toBeGreaterThan(59 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 5_000);

      // An hour later:
      await t.deps.db
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oneTimeTokens.tokenHash, row!.tokenHash));
      const late = await post('/auth/password/reset/', { token, password: 'a brand new password' });
      expect(late.statusCode).toBe(400);
      expect(late.json().code).toBe('TOKEN_INVALID');
      expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('changing the password', () => {
    const CHANGE =
      'mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) { sessions { id current } error { code message } } }';

    it('needs the current password, and signs out the user’s other sessions', async () => {
      const user = await makeUser(t);
      const laptop = await signIn(t, user.email, PASSWORD);
      const phone = await signIn(t, user.email, PASSWORD);
      await post('/auth/password/forgot/', { email: user.email });
      const resetToken = mailedToken(t, user.email, '/login/reset/');

      const wrong = await gql(t, {
        session: laptop,
        query: CHANGE,
        variables: { c: 'not my password', n: 'a new password here' },
      });
      expect(wrong.data?.changePassword.error).toEqual({
        code: 'WRONG_PASSWORD',
        message: 'The current password is incorrect.',
      });
      expect((await gql(t, { session: phone, query: '{ me { email } }' })).data?.me).toEqual({
        email: user.email,
      });

      const changed = await gql(t, {
        session: laptop,
        query: CHANGE,
        variables: { c: PASSWORD, n: 'a new password here' },
      });
      expect(changed.data?.changePassword.error).toBeNull();
      expect(changed.data?.changePassword.sessions).toEqual([{ id: expect.any(String), current: true }]);
      // The other session is signed out; this one stays.
      expect((await gql(t, { session: phone, query: '{ me { email } }' })).data?.me).toBeNull();
      expect((await gql(t, { session: laptop, query: '{ me { email } }' })).data?.me).toEqual({
        email: user.email,
      });
      expect((await login(user.email, PASSWORD)).statusCode).toBe(401);
      expect((await login(user.email, 'a new password here')).statusCode).toBe(200);
      // A reset link sent before the change no longer works.
      const stale = await post('/auth/password/reset/', { token: resetToken, password: 'reset password 1' });
      expect(stale.json().code).toBe('TOKEN_INVALID');
    });
  });

  describe('the user’s sessions', () => {
    const signInFrom = async (email: string, userAgent: string, ip: string): Promise<Session> =>
      sessionFrom(
        await t.app.inject({
          method: 'POST',
          url: '/auth/login/',
          payload: { email, password: PASSWORD },
          headers: { 'user-agent': userAgent },
          remoteAddress: ip,
        }),
      );

    it('lists each session with its device, address and times, this one marked', async () => {
      const user = await makeUser(t);
      const desktop = await signInFrom(
        user.email,
        'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
        '10.1.0.1',
      );
      await signInFrom(user.email, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/605.1', '10.1.0.2');
      const listed = await gql(t, { session: desktop, query: SESSIONS });
      const sessions = listed.data?.mySessions as Record<string, unknown>[];
      expect(sessions).toHaveLength(2);
      expect(sessions.find((s) => s.current)).toMatchObject({
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
        ip: '10.1.0.1',
      });
      expect(sessions.find((s) => !s.current)).toMatchObject({
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/605.1',
        ip: '10.1.0.2',
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
      });
      expect((await gql(t, { query: SESSIONS })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });

    it('revokes one other session, or all others, but not the current one', async () => {
      const user = await makeUser(t);
      const [a, b, c] = [
        await signIn(t, user.email, PASSWORD),
        await signIn(t, user.email, PASSWORD),
        await signIn(t, user.email, PASSWORD),
      ];
      const list = async (s: Session) =>
        (await gql(t, { session: s, query: SESSIONS })).data?.mySessions as {
          id: string;
          current: boolean;
        }[];
      const idOf = async (s: Session) => (await list(s)).find((x) => x.current)!.id;
      const bId = await idOf(b!);

      const revoked = await gql(t, {
        session: a,
        query: 'mutation($id: ID!) { revokeSession(id: $id) { sessions { id } error { code } } }',
        variables: { id: bId },
      });
      expect(revoked.data?.revokeSession.error).toBeNull();
      expect(revoked.data?.revokeSession.sessions).toHaveLength(2);
      expect((await gql(t, { session: b, query: '{ me { email } }' })).data?.me).toBeNull();

      const own = await gql(t, {
        session: a,
        query: 'mutation($id: ID!) { revokeSession(id: $id) { error { code } } }',
        variables: { id: await idOf(a!) },
      });
      expect(own.data?.revokeSession.error.code).toBe('CURRENT_SESSION');

      const others = await gql(t, {
        session: a,
        query: 'mutation { revokeOtherSessions { sessions { current } error { code } } }',
      });
      expect(others.data?.revokeOtherSessions).toEqual({ sessions: [{ current: true }], error: null });
      expect((await gql(t, { session: c, query: '{ me { email } }' })).data?.me).toBeNull();
      expect((await gql(t, { session: a, query: '{ me { email } }' })).data?.me).toEqual({
        email: user.email,
      });
    });

    it('a user can neither list nor revoke another user’s sessions', async () => {
      const alice = await makeUser(t);
      const bob = await makeUser(t);
      const aliceSession = await signIn(t, alice.email, PASSWORD);
      const bobSession = await signIn(t, bob.email, PASSWORD);
      const aliceId = (
        (await gql(t, { session: aliceSession, query: SESSIONS })).data?.mySessions as { id: string }[]
      )[0]!.id;

      const bobList = (await gql(t, { session: bobSession, query: SESSIONS })).data?.mySessions as {
        id: string;
      }[];
      expect(bobList.map((s) => s.id)).not.toContain(aliceId);
      expect(bobList).toHaveLength(1);

      const attempt = await gql(t, {
        session: bobSession,
        query: 'mutation($id: ID!) { revokeSession(id: $id) { sessions { id } error { code } } }',
        variables: { id: aliceId },
      });
      expect(attempt.data?.revokeSession).toEqual({ sessions: null, error: { code: 'NOT_FOUND' } });
      const unknown = await gql(t, {
        session: bobSession,
        query: 'mutation($id: ID!) { revokeSession(id: $id) { error { code } } }',
        variables: { id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.data?.revokeSession.error.code).toBe('NOT_FOUND');
      // Bob ending "his other sessions" leaves Alice signed in.
      await gql(t, { session: bobSession, query: 'mutation { revokeOtherSessions { error { code } } }' });
      expect((await gql(t, { session: aliceSession, query: '{ me { email } }' })).data?.me).toEqual({
        email: alice.email,
      });
    });
  });
});
