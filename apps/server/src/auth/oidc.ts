import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth0Config } from '../config.js';
import type { AppDeps } from '../deps.js';
import { createOidcClient, newTransaction, type OidcClient } from './oidc-client.js';
import { createOidcCookies, safeReturnTo, type OidcCookies } from './oidc-cookies.js';
import { userForIdentity } from './oidc-users.js';
import { RateLimitedError, limitMail } from './limits.js';
import { endSession, startSession } from './sessions.js';

const LOGIN_PATH = '/auth/login/auth0/';
const CALLBACK_PATH = '/auth/token/auth0/';
const RESEND_PATH = '/auth/auth0/resend_verification_link/';
const FAILED_PAGE = '/register/issue/?code=AUTH0_FAILED';
const VERIFY_PAGE = '/register/verify/?pending=auth0';

const NOT_CONFIGURED = {
  code: 'AUTH0_NOT_CONFIGURED',
  message:
    'Auth0 sign-in is not configured on this server. Set AUTH0_ISSUER_URL (or AUTH0_DOMAIN), AUTH0_CLIENT_ID and AUTH0_CLIENT_SECRET.',
};

interface Flow {
  deps: AppDeps;
  client: OidcClient;
  cookies: OidcCookies;
  redirectUri: string;
}

/** OpenID Connect sign-in with the identity provider configured by AUTH0_* variables. */
export async function registerOidcRoutes(app: FastifyInstance, deps: AppDeps) {
  const auth0 = deps.config.auth0;
  if (!auth0) return registerNotConfigured(app);
  const flow = createFlow(deps, auth0);
  app.get<{ Querystring: { returnTo?: unknown } }>(LOGIN_PATH, (req, reply) => login(flow, req, reply));
  app.get(CALLBACK_PATH, (req, reply) => callback(flow, req, reply));
  app.post(RESEND_PATH, (req, reply) => resend(flow, req, reply));
}

function registerNotConfigured(app: FastifyInstance) {
  for (const [method, url] of [
    ['GET', LOGIN_PATH],
    ['GET', CALLBACK_PATH],
    ['POST', RESEND_PATH],
  ] as const)
    app.route({ method, url, handler: async (_req, reply) => reply.code(503).send(NOT_CONFIGURED) });
}

function createFlow(deps: AppDeps, auth0: Auth0Config): Flow {
  const redirectUri = `${deps.config.publicUrl}${CALLBACK_PATH}`;
  return {
    deps,
    redirectUri,
    client: createOidcClient(auth0, redirectUri),
    cookies: createOidcCookies(auth0.clientSecret, deps.config.cookieSecure),
  };
}

/** GET /auth/login/auth0/: starts a sign-in and sends the browser to the provider. */
async function login(
  flow: Flow,
  req: FastifyRequest<{ Querystring: { returnTo?: unknown } }>,
  reply: FastifyReply,
) {
  const tx = newTransaction(safeReturnTo(req.query.returnTo, flow.deps.config.publicUrl));
  let url: URL;
  try {
    url = await flow.client.authorizationUrl(tx);
  } catch (err) {
    req.log.error({ err }, 'OpenID Connect discovery failed');
    return reply.redirect(FAILED_PAGE);
  }
  flow.cookies.setTransaction(reply, tx);
  return reply.redirect(url.href);
}

/** The URL the provider redirected to, rebuilt on the public URL: behind a proxy req.host may differ. */
function callbackUrl(flow: Flow, req: FastifyRequest): URL {
  const url = new URL(flow.redirectUri);
  url.search = new URL(req.url, 'http://callback.invalid').search;
  return url;
}

/** GET /auth/token/auth0/: the redirect URI; ends in a session, the verify page or the issue page. */
async function callback(flow: Flow, req: FastifyRequest, reply: FastifyReply) {
  const { db, config } = flow.deps;
  const tx = flow.cookies.takeTransaction(req, reply);
  try {
    if (!tx) throw new Error('missing, expired or tampered transaction cookie');
    const identity = await flow.client.exchange(callbackUrl(flow, req), tx);
    if (!identity.email) throw new Error(`the provider returned no e-mail for ${identity.sub}`);
    if (!identity.emailVerified) {
      flow.cookies.setPending(reply, { sub: identity.sub });
      return reply.redirect(VERIFY_PAGE);
    }
    const user = await userForIdentity(db, { ...identity, email: identity.email });
    // Like a sign-in link: whoever was signed in on this browser is replaced, and their session row dropped.
    if (req.viewer) await endSession(db, req, reply, config.cookieSecure);
    flow.cookies.clearPending(reply);
    await startSession(db, req, reply, user.id, {
      sessionDays: config.sessionDays,
      cookieSecure: config.cookieSecure,
    });
    return reply.redirect(safeReturnTo(tx.returnTo, config.publicUrl) ?? '/');
  } catch (err) {
    req.log.warn({ err }, 'OpenID Connect sign-in failed');
    return reply.redirect(FAILED_PAGE);
  }
}

/**
 * POST /auth/auth0/resend_verification_link/. No CSRF header is asked for: there is no session yet, and
 * the SameSite=Lax pending cookie is not sent on a cross-site POST, so a forged request gets a 400.
 */
async function resend(flow: Flow, req: FastifyRequest, reply: FastifyReply) {
  const pending = flow.cookies.getPending(req);
  if (!pending)
    return reply.code(400).send({
      code: 'NO_PENDING_VERIFICATION',
      message: 'There is no sign-in waiting for e-mail verification. Sign in with Auth0 again.',
    });
  // Each call makes the provider send a mail: limited like our own mails, per identity and per address.
  try {
    await limitMail(flow.deps, { to: `auth0:${pending.sub}`, ip: req.ip });
  } catch (e) {
    if (!(e instanceof RateLimitedError)) throw e;
    reply.header('retry-after', String(Math.ceil(e.retryAfterMs / 1000)));
    return reply.code(429).send({ code: e.code, message: e.message });
  }
  try {
    await flow.client.resendVerificationEmail(pending.sub);
  } catch (err) {
    req.log.error({ err }, 'Auth0 verification e-mail request failed');
    return reply.code(502).send({
      code: 'AUTH0_FAILED',
      message: 'The identity provider could not send the verification e-mail. Try again later.',
    });
  }
  return { ok: true };
}
