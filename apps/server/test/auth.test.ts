import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../src/db/schema.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  makeUser,
  PASSWORD,
  sessionFrom,
  signIn,
  type TestApp,
} from './harness.js';

const ME =
  '{ me { email tokenAuth initials clients { id landingPath } } branding { displayName customerSuccessEmail tokenAuth } }';

describeEachDatabase('sign-in and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT_MAX: '5' });
  });
  afterAll(() => t.close());

  it('signs in with e-mail and password and sets HttpOnly SameSite cookies', async () => {
    const client = await makeClient(t);
    const user = await makeUser(t, { clientId: client.id, firstName: 'Ada', lastName: 'Lovelace' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: user.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const sessionCookie = setCookie.find((c) => c.startsWith('adloom_session='))!;
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    const csrfCookie = setCookie.find((c) => c.startsWith('adloom_csrf='))!;
    expect(csrfCookie).not.toMatch(/HttpOnly/i);

    const me = await gql(t, { session: sessionFrom(res), query: ME });
    expect(me.data?.me).toMatchObject({ email: user.email, tokenAuth: false, initials: 'AL' });
    expect(me.data?.me.clients[0].landingPath).toBe(`/clients/${client.id}/dashboard/overview/`);
    expect(me.data?.branding).toMatchObject({
      displayName: 'Adloom',
      customerSuccessEmail: t.config.customerSuccessEmail,
    });
  });

  it('stores passwords as argon2id and sessions only as hashes', async () => {
    const user = await makeUser(t);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const session = await signIn(t, user.email, PASSWORD);
    const secret = /adloom_session=([^;]+)/.exec(session.cookie)![1]!;
    const stored = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.idHash).not.toBe(secret);
    expect(stored[0]!.idHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const user = await makeUser(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: user.email, password: 'nope-nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: 'ghost@example.com', password: 'nope-nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('rate-limits repeated sign-in attempts for one e-mail', async () => {
    const user = await makeUser(t);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { email: user.email, password: 'wrong-password' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5)).toEqual([429, 429]);
    const limited = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it('refuses cookie-authenticated GraphQL without the CSRF token', async () => {
    const user = await makeUser(t);
    const session = await signIn(t, user.email, PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      payload: { query: '{ me { email } }' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].extensions.code).toBe('CSRF_FAILED');
    expect(res.json().data).toBeUndefined();
  });

  it('signs out: the session stops working', async () => {
    const user = await makeUser(t);
    const session = await signIn(t, user.email, PASSWORD);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    });
    expect(out.statusCode).toBe(200);
    const me = await gql(t, { query: '{ me { email } }', session: { cookie: session.cookie, csrf: '' } });
    expect(me.data?.me).toBeNull();
  });

  it('registers without revealing whether the e-mail exists, and verifies by link', async () => {
    const existing = await makeUser(t);
    const before = t.mails.length;
    const taken = await t.app.inject({
      method: 'POST',
      url: '/auth/register/',
      payload: { email: existing.email, password: 'another password', firstName: 'X', lastName: 'Y' },
    });
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/auth/register/',
      payload: {
        email: 'newbie@example.com',
        password: 'a good password',
        firstName: 'New',
        lastName: 'Bie',
      },
    });
    expect(taken.statusCode).toBe(202);
    expect(fresh.statusCode).toBe(202);
    expect(taken.json()).toEqual(fresh.json());
    expect(t.mails.length).toBe(before + 2);
    expect(t.mails[before]!.text).toContain('already has an account');

    // Not verified yet: sign-in is refused.
    const early = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: 'newbie@example.com', password: 'a good password' },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');

    // Opened in the browser that registered (its sign-up cookie): signed in with the chosen password.
    const signUp = (fresh.cookies as { name: string; value: string }[]).find(
      (c) => c.name === 'adloom_signup',
    )!;
    const token = /token=([^\s]+)/.exec(t.mails[before + 1]!.text)![1]!;
    const verified = await t.app.inject({
      method: 'POST',
      url: '/auth/verify/',
      payload: { token: decodeURIComponent(token) },
      cookies: { adloom_signup: signUp.value },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().next).toBe('/register/client/');
    const session = sessionFrom(verified);
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/verify/',
      payload: { token: decodeURIComponent(token) },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_INVALID');

    // The new user creates a workspace and becomes its admin on a trial.
    const created = await gql(t, {
      session,
      query:
        'mutation { createWorkspace(name: "Newbie Shop") { client { id name planStatus permissions { isAdmin } } error { code message } } }',
    });
    expect(created.data?.createWorkspace.error).toBeNull();
    expect(created.data?.createWorkspace.client).toMatchObject({
      name: 'Newbie Shop',
      planStatus: 'TRIAL',
      permissions: { isAdmin: true },
    });
  });

  it('refuses bad registrations with a reason', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/register/',
      payload: { email: 'not-an-email', password: 'a good password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_EMAIL' });
    const short = await t.app.inject({
      method: 'POST',
      url: '/auth/register/',
      payload: { email: 'ok@example.com', password: 'short' },
    });
    expect(short.json().message).toBe('Password must be at least 8 characters.');
  });

  it('signs in once by a staff-issued token link with the generic branding', async () => {
    const client = await makeClient(t);
    const staff = await makeUser(t, { isStaff: true });
    const user = await makeUser(t, { clientId: client.id });
    const staffSession = await signIn(t, staff.email, PASSWORD);
    const link = await gql(t, {
      session: staffSession,
      query: 'mutation($e: String!) { portalCreateSignInLink(email: $e) { url error { code } } }',
      variables: { e: user.email },
    });
    const url = new URL(link.data?.portalCreateSignInLink.url);
    expect(url.origin).toBe('http://adloom.test');
    const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const me = await gql(t, { session: sessionFrom(res), query: ME });
    expect(me.data?.me).toMatchObject({ email: user.email, tokenAuth: true });
    expect(me.data?.me.clients[0].landingPath).toBe(`/clients/${client.id}/overview/`);
    expect(me.data?.branding).toEqual({
      displayName: 'Platform',
      customerSuccessEmail: t.config.tokenAuthCustomerSuccessEmail,
      tokenAuth: true,
    });
    const reuse = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(reuse.headers.location).toBe('/register/issue/?code=TOKEN_INVALID');
  });

  it('answers /healthz once the database is ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});
