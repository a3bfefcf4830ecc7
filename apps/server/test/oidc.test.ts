import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOidcCookies, safeReturnTo } from '../src/auth/oidc-cookies.js';
import { users } from '../src/db/schema.js';
import { createUser } from '../src/modules/users/users.service.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeUser,
  PASSWORD,
  sessionFrom,
  type TestApp,
} from './harness.js';
import { authorizeAt, startTestIdp, type AccountClaims, type TestIdp } from './oidc-provider.js';

const ISSUE = '/register/issue/?code=AUTH0_FAILED';
const TX = 'adloom_oidc_tx';
const PENDING = 'adloom_oidc_pending';

let idp: TestIdp;
beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(() => idp?.close());

/** The raw `name=value` of a cookie the response sets, as a browser would send it back. */
function setCookie(response: LightMyRequestResponse, name: string): string | undefined {
  const raw = response.headers['set-cookie'];
  const headers = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return headers.find((h) => h.startsWith(`${name}=`))?.split(';')[0];
}

function isCleared(response: LightMyRequestResponse, name: string): boolean {
  const raw = response.headers['set-cookie'];
  const headers = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return headers.some((h) => h.startsWith(`${name}=;`) && /Expires=Thu, 01 Jan 1970/i.test(h));
}

/** GET /auth/login/auth0/: the provider URL and the transaction cookie. */
async function startLogin(t: TestApp, returnTo?: string) {
  const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const response = await t.app.inject({ method: 'GET', url: `/auth/login/auth0/${query}` });
  expect(response.statusCode).toBe(302);
  const cookie = setCookie(response, TX);
  expect(cookie).toBeDefined();
  return { location: response.headers.location as string, cookie: cookie! };
}

/** Delivers the provider's redirect back to Adloom, with the given cookies. */
function deliverCallback(t: TestApp, callback: URL, cookie: string | undefined) {
  expect(callback.origin).toBe('http://adloom.test');
  return t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: cookie ? { cookie } : {},
  });
}

/** The whole round trip: login, the provider's sign-in as `sub`, and the callback (with `otherCookies`). */
async function signInAs(t: TestApp, sub: string, returnTo?: string, otherCookies?: string) {
  const login = await startLogin(t, returnTo);
  const callback = await authorizeAt(idp, login.location, sub);
  return deliverCallback(t, callback, otherCookies ? `${login.cookie}; ${otherCookies}` : login.cookie);
}

async function me(t: TestApp, response: LightMyRequestResponse) {
  const result = await gql<{ me: { email: string; firstName: string; lastName: string } | null }>(t, {
    session: sessionFrom(response),
    query: '{ me { email firstName lastName } }',
  });
  return result.data?.me;
}

async function userByEmail(t: TestApp, email: string) {
  return t.deps.db.select().from(users).where(eq(users.email, email));
}

let seq = 0;
function account(claims: Partial<AccountClaims> = {}) {
  seq += 1;
  const email = `oidc${seq}-${Date.now()}@example.com`;
  const full = { email, email_verified: true, given_name: 'Ada', family_name: 'Lovelace', ...claims };
  return { sub: idp.addAccount(full), email: full.email };
}

describeEachDatabase('Auth0 not configured (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers 503 AUTH0_NOT_CONFIGURED on all three routes', async () => {
    for (const [method, url] of [
      ['GET', '/auth/login/auth0/'],
      ['GET', '/auth/token/auth0/?code=x&state=y'],
      ['POST', '/auth/auth0/resend_verification_link/'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toMatchObject({ code: 'AUTH0_NOT_CONFIGURED', message: expect.any(String) });
    }
  });
});

describeEachDatabase('OpenID Connect sign-in (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, idp.env());
  });
  afterAll(() => t.close());

  it('redirects to the provider with PKCE S256, state, nonce and a short-lived HttpOnly cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/login/auth0/' });
    expect(response.statusCode).toBe(302);
    const url = new URL(response.headers.location as string);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: idp.clientId,
      redirect_uri: 'http://adloom.test/auth/token/auth0/',
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.any(String),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    const header = [response.headers['set-cookie']].flat().find((h) => h?.startsWith(`${TX}=`));
    expect(header).toMatch(/Max-Age=600/);
    expect(header).toMatch(/Path=\/auth\//);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
  });

  it('creates a verified user without a password and signs them in', async () => {
    const { sub, email } = account();
    const userinfo = idp.userinfoRequests();
    const response = await signInAs(t, sub);
    expect(idp.userinfoRequests(), 'the ID token has the claims').toBe(userinfo);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(isCleared(response, TX)).toBe(true);
    expect(await me(t, response)).toEqual({ email, firstName: 'Ada', lastName: 'Lovelace' });
    const [user] = await userByEmail(t, email);
    expect(user).toMatchObject({ authSubject: sub, passwordHash: null });
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('reuses the same user on a second sign-in', async () => {
    const { sub, email } = account();
    const first = await signInAs(t, sub);
    // Signing in again from a signed-in browser replaces its session.
    const second = await signInAs(t, sub, undefined, sessionFrom(first).cookie);
    expect(second.headers.location).toBe('/');
    expect(await me(t, second)).toMatchObject({ email });
    expect(sessionFrom(second).cookie).not.toBe(sessionFrom(first).cookie);
    expect(await me(t, first)).toBeNull();
    expect(await userByEmail(t, email)).toHaveLength(1);
  });

  it('links an existing local user with the same e-mail and keeps their password', async () => {
    const local = await makeUser(t, { firstName: 'Local', lastName: 'Person' });
    const sub = idp.addAccount({ email: local.email.toUpperCase(), email_verified: true, given_name: 'X' });
    const response = await signInAs(t, sub);
    expect(response.headers.location).toBe('/');
    expect(await me(t, response)).toEqual({ email: local.email, firstName: 'Local', lastName: 'Person' });
    const [user] = await userByEmail(t, local.email);
    expect(user).toMatchObject({ id: local.id, authSubject: sub });
    const password = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: local.email, password: PASSWORD },
    });
    expect(password.statusCode).toBe(200);
  });

  it('verifies a never-verified local account it links and drops its unproven password', async () => {
    const email = `squatted-${Date.now()}@example.com`;
    await createUser(t.deps.db, { email, password: PASSWORD, emailVerified: false });
    const response = await signInAs(t, idp.addAccount({ email, email_verified: true }));
    expect(await me(t, response)).toMatchObject({ email });
    const [user] = await userByEmail(t, email);
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user!.passwordHash).toBeNull();
    const password = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email, password: PASSWORD },
    });
    expect(password.statusCode).toBe(401);
  });

  it('refuses an e-mail whose user is linked to another provider identity', async () => {
    const { sub, email } = account();
    expect((await signInAs(t, sub)).headers.location).toBe('/');
    const intruder = idp.addAccount({ email, email_verified: true });
    const response = await signInAs(t, intruder);
    expect(response.headers.location).toBe(ISSUE);
    expect(setCookie(response, 'adloom_session')).toBeUndefined();
  });

  it('returns to a same-origin path and ignores anything that leaves the origin', async () => {
    const { sub } = account();
    expect((await signInAs(t, sub, '/clients/abc/overview/?tab=1#top')).headers.location).toBe(
      '/clients/abc/overview/?tab=1#top',
    );
    for (const evil of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/.//evil.example/x',
    ]) {
      const response = await signInAs(t, sub, evil);
      expect(response.headers.location, evil).toBe('/');
      expect(setCookie(response, 'adloom_session'), evil).toBeDefined();
    }
  });

  it('sends an unverified e-mail to the verify page and resends the link through the Management API', async () => {
    const { sub, email } = account({ email_verified: false });
    const response = await signInAs(t, sub);
    expect(response.headers.location).toBe('/register/verify/?pending=auth0');
    expect(setCookie(response, 'adloom_session')).toBeUndefined();
    expect(await userByEmail(t, email)).toHaveLength(0);
    const pending = setCookie(response, PENDING);
    expect(pending).toBeDefined();

    const before = idp.managementCalls.length;
    const resend = await t.app.inject({
      method: 'POST',
      url: '/auth/auth0/resend_verification_link/',
      headers: { cookie: pending! },
      remoteAddress: '10.0.0.1',
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ ok: true });
    expect(idp.managementCalls.slice(before)).toEqual([
      {
        authorization: expect.stringMatching(/^Bearer .+/),
        tokenValid: true,
        body: { user_id: sub, client_id: idp.clientId },
      },
    ]);
  });

  it('clears the pending cookie once the e-mail is verified and the user signs in', async () => {
    const { sub, email } = account({ email_verified: false });
    const pending = setCookie(await signInAs(t, sub), PENDING);
    expect(pending).toBeDefined();
    // The user follows the provider's link, then signs in again.
    idp.updateAccount(sub, { email, email_verified: true });
    const response = await signInAs(t, sub);
    expect(response.headers.location).toBe('/');
    expect(isCleared(response, PENDING)).toBe(true);
    expect(await me(t, response)).toMatchObject({ email });
  });

  it('answers 400 without a pending cookie, 502 when the provider fails, 429 when over the limit', async () => {
    const post = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/auth0/resend_verification_link/',
        headers: cookie ? { cookie } : {},
        remoteAddress: '10.0.0.2',
      });
    const missing = await post();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'NO_PENDING_VERIFICATION' });
    expect((await post(`${PENDING}=forged.value`)).statusCode).toBe(400);

    const pending = setCookie(await signInAs(t, account({ email_verified: false }).sub), PENDING)!;
    idp.failNextManagementCall(500);
    const failed = await post(pending);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'AUTH0_FAILED', message: expect.any(String) });

    // Five provider mails per identity per hour (the failed call counted too), then refused.
    for (let i = 0; i < 4; i++) expect((await post(pending)).statusCode).toBe(200);
    const limited = await post(pending);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('fails to the issue page on a tampered state, a tampered, missing or foreign cookie', async () => {
    const { sub } = account();
    const login = await startLogin(t);
    const callback = await authorizeAt(idp, login.location, sub);

    const badState = new URL(callback);
    badState.searchParams.set('state', 'forged-state');
    const [name, value] = login.cookie.split('=') as [string, string];
    const tampered = `${name}=${value.slice(0, 8)}${value[8] === 'A' ? 'B' : 'A'}${value.slice(9)}`;
    const foreign = (await startLogin(t)).cookie;

    for (const [label, url, cookie] of [
      ['state', badState, login.cookie],
      ['tampered cookie', callback, tampered],
      ['no cookie', callback, undefined],
      ['cookie of another login', callback, foreign],
    ] as const) {
      const response = await deliverCallback(t, url, cookie);
      expect(response.statusCode, label).toBe(302);
      expect(response.headers.location, label).toBe(ISSUE);
      expect(setCookie(response, 'adloom_session'), label).toBeUndefined();
    }
  });

  it('fails to the issue page when the provider reports an error', async () => {
    const login = await startLogin(t);
    const state = new URL(login.location).searchParams.get('state')!;
    const callback = new URL(`http://adloom.test/auth/token/auth0/?error=access_denied&state=${state}`);
    callback.searchParams.set('iss', idp.issuer);
    const response = await deliverCallback(t, callback, login.cookie);
    expect(response.headers.location).toBe(ISSUE);
  });

  it('reads the claims from userinfo when the ID token carries none', async () => {
    const { sub, email } = account({ given_name: 'Grace', family_name: 'Hopper', userinfoOnly: true });
    const before = idp.userinfoRequests();
    const response = await signInAs(t, sub);
    expect(idp.userinfoRequests()).toBe(before + 1);
    expect(response.headers.location).toBe('/');
    expect(await me(t, response)).toEqual({ email, firstName: 'Grace', lastName: 'Hopper' });
  });
});

describe('OIDC cookies', () => {
  afterEach(() => vi.useRealTimers());

  function fakeExchange() {
    const set = new Map<string, string>();
    const reply = {
      setCookie: (name: string, value: string) => set.set(name, value),
      clearCookie: (name: string) => set.set(name, ''),
    } as unknown as FastifyReply;
    const request = (cookies: Record<string, string | undefined>) =>
      ({ cookies }) as unknown as FastifyRequest;
    return { set, reply, request };
  }

  it('round-trips a transaction once, and refuses it after ten minutes', () => {
    const cookies = createOidcCookies('secret', false);
    const { set, reply, request } = fakeExchange();
    const tx = { state: 's', nonce: 'n', verifier: 'v', returnTo: '/x' };
    cookies.setTransaction(reply, tx);
    const value = set.get(TX);
    expect(cookies.takeTransaction(request({ [TX]: value }), reply)).toEqual(tx);
    expect(set.get(TX)).toBe('');

    vi.useFakeTimers({ toFake: ['Date'] });
    cookies.setTransaction(reply, tx);
    const later = set.get(TX);
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1);
    expect(cookies.takeTransaction(request({ [TX]: later }), reply)).toBeUndefined();
  });

  it('refuses a value signed with another secret or sealed for the other purpose', () => {
    const { set, reply, request } = fakeExchange();
    createOidcCookies('other secret', false).setTransaction(reply, { state: 's', nonce: 'n', verifier: 'v' });
    const cookies = createOidcCookies('secret', false);
    expect(cookies.takeTransaction(request({ [TX]: set.get(TX) }), reply)).toBeUndefined();

    cookies.setPending(reply, { sub: 'auth0|1' });
    const pending = set.get(PENDING);
    expect(cookies.getPending(request({ [PENDING]: pending }))).toEqual({ sub: 'auth0|1' });
    expect(cookies.takeTransaction(request({ [TX]: pending }), reply)).toBeUndefined();
  });
});

describe('safeReturnTo', () => {
  const base = 'https://app.adloom.io';
  it.each([
    ['/overview/', '/overview/'],
    ['/a/b?c=1#d', '/a/b?c=1#d'],
    ['/a/../b/', '/b/'],
  ])('keeps %s', (input, expected) => expect(safeReturnTo(input, base)).toBe(expected));
  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/.//evil.example',
    '/\t/evil.example',
    'overview',
    '',
    undefined,
    ['/a'],
  ])('drops %j', (input) => expect(safeReturnTo(input, base)).toBeUndefined());
});
