import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../errors.js';
import {
  acceptInvitation,
  authenticate,
  consumeSignInLink,
  getUser,
  nextPathAfterSignIn,
  register,
  requestPasswordReset,
  resetPassword,
  VERIFY_LINK_HOURS,
  verifyEmail,
} from '../modules/users/index.js';
import { RateLimitedError, reserveSignIn, signInSucceeded } from './limits.js';
import { CSRF_HEADER, endSession, startSession } from './sessions.js';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { actorOf, recordAudit, userActor } from '../modules/audit/index.js';
import { clientsOfUser } from '../modules/clients/index.js';
import { hashSecret, newSecret } from './tokens.js';

const INVALID_CREDENTIALS = 'The e-mail or password is incorrect.';

/**
 * Set by a registration in the browser that registered; a verification link opened with it keeps the
 * password chosen at registration (account.service.ts explains why).
 */
const SIGN_UP_COOKIE = 'adloom_signup';

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function body(req: FastifyRequest): Record<string, unknown> {
  return req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
}

function fail(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ code, message });
}

function sendDomainError(reply: FastifyReply, e: unknown) {
  if (e instanceof RateLimitedError) {
    reply.header('retry-after', String(Math.ceil(e.retryAfterMs / 1000)));
    return fail(reply, 429, e.code, e.message);
  }
  if (e instanceof DomainError) return fail(reply, 400, e.code, e.message);
  throw e;
}

/**
 * A staff-issued link was used: recorded with the user as the actor (the session is theirs, marked as
 * staff acting) and the staff member who issued it, once in each client the user is active in (their
 * admins see it) or once without a client.
 */
async function recordStaffSignIn(db: Db, ip: string, user: UserRow, issuedById: string | null) {
  const issuer = issuedById ? await getUser(db, issuedById) : undefined;
  const memberOf = await clientsOfUser(db, user.id);
  const clientIds = memberOf.length ? memberOf.map((row) => row.client.id) : [null];
  const actor = userActor(user, ip, true);
  for (const clientId of clientIds)
    await recordAudit(db, actor, {
      clientId,
      action: 'staff.signed_in_as_user',
      target: { kind: 'user', id: user.id, label: user.email },
      details: { issuedById, issuedByEmail: issuer?.email ?? null, issuedBy: issuer ? 'staff' : 'cli' },
    });
}

/** Local sign-in, registration, verification, password resets, invitations and staff-issued sign-in links. */
export async function registerAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config, db } = deps;
  const sessionOptions = { sessionDays: config.sessionDays, cookieSecure: config.cookieSecure };

  app.post('/auth/login/', async (req, reply) => {
    if (!config.localLogin)
      return fail(
        reply,
        403,
        'LOCAL_LOGIN_DISABLED',
        'E-mail and password sign-in is turned off on this server.',
      );
    const { email, password } = body(req);
    if (typeof email !== 'string' || typeof password !== 'string' || !email || !password)
      return fail(reply, 400, 'INVALID_INPUT', 'E-mail and password are required.');
    const attempt = { ip: req.ip, email };
    try {
      await reserveSignIn(deps, attempt);
    } catch (e) {
      return sendDomainError(reply, e);
    }
    const result = await authenticate(db, email, password);
    if (result.ok || result.reason === 'unverified') await signInSucceeded(deps, attempt);
    if (!result.ok && result.reason === 'unverified')
      return fail(
        reply,
        403,
        'EMAIL_NOT_VERIFIED',
        'Verify your e-mail first: we sent you a link when you registered.',
      );
    if (!result.ok) return fail(reply, 401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    await startSession(db, req, reply, result.user.id, sessionOptions);
    return { ok: true, next: await nextPathAfterSignIn(deps, result.user.id) };
  });

  app.post('/auth/logout/', async (req, reply) => {
    if (req.viewer && req.headers[CSRF_HEADER] !== req.viewer.csrfToken)
      return fail(reply, 403, 'CSRF_FAILED', 'Missing or wrong CSRF token.');
    await endSession(db, req, reply, config.cookieSecure);
    return { ok: true };
  });

  app.post('/auth/register/', async (req, reply) => {
    const b = body(req);
    // One cookie per browser: registering twice in it keeps both links working there.
    const existing = req.cookies[SIGN_UP_COOKIE];
    const proof = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : newSecret();
    try {
      await register(
        deps,
        {
          email: str(b.email) ?? '',
          password: str(b.password) ?? '',
          firstName: str(b.firstName),
          lastName: str(b.lastName),
        },
        { ip: req.ip, proofHash: hashSecret(proof) },
      );
    } catch (e) {
      return sendDomainError(reply, e);
    }
    reply.setCookie(SIGN_UP_COOKIE, proof, {
      path: '/auth/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
      maxAge: VERIFY_LINK_HOURS * 3600,
    });
    return reply.code(202).send({ ok: true });
  });

  app.post('/auth/verify/', async (req, reply) => {
    try {
      const verification = await verifyEmail(deps, str(body(req).token) ?? '', req.cookies[SIGN_UP_COOKIE]);
      reply.clearCookie(SIGN_UP_COOKIE, { path: '/auth/' });
      if (!verification.signedIn) return { ok: true, passwordToken: verification.passwordToken };
      await startSession(db, req, reply, verification.user.id, sessionOptions);
      return { ok: true, next: await nextPathAfterSignIn(deps, verification.user.id) };
    } catch (e) {
      return sendDomainError(reply, e);
    }
  });

  app.post('/auth/password/forgot/', async (req, reply) => {
    try {
      await requestPasswordReset(deps, str(body(req).email) ?? '', { ip: req.ip });
    } catch (e) {
      return sendDomainError(reply, e);
    }
    return reply.code(202).send({ ok: true });
  });

  app.post('/auth/password/reset/', async (req, reply) => {
    const b = body(req);
    try {
      const user = await resetPassword(deps, str(b.token) ?? '', str(b.password) ?? '');
      // The link proved the mailbox: its holder acted as the user.
      await recordAudit(db, userActor(user, req.ip), {
        clientId: null,
        action: 'user.password_reset',
        target: { kind: 'user', id: user.id, label: user.email },
      });
    } catch (e) {
      return sendDomainError(reply, e);
    }
    // Every session of the user ended, this browser's included.
    if (req.viewer) await endSession(db, req, reply, config.cookieSecure);
    return { ok: true };
  });

  app.post('/auth/invitation/accept/', async (req, reply) => {
    const b = body(req);
    if (req.viewer && req.headers[CSRF_HEADER] !== req.viewer.csrfToken)
      return fail(reply, 403, 'CSRF_FAILED', 'Missing or wrong CSRF token.');
    try {
      const { user, clientId } = await acceptInvitation(db, str(b.token) ?? '', req.viewer?.user ?? null, {
        firstName: str(b.firstName),
        lastName: str(b.lastName),
        password: str(b.password),
      });
      if (!req.viewer) await startSession(db, req, reply, user.id, sessionOptions);
      await recordAudit(db, req.viewer ? actorOf(req.viewer, req.ip) : userActor(user, req.ip), {
        clientId,
        action: 'member.joined',
        target: { kind: 'user', id: user.id, label: user.email },
      });
      return { ok: true, clientId };
    } catch (e) {
      return sendDomainError(reply, e);
    }
  });

  app.get<{ Querystring: { token?: string } }>('/auth/login/token/', async (req, reply) => {
    const link = await consumeSignInLink(deps, str(req.query.token) ?? '');
    if (!link) return reply.redirect('/register/issue/?code=TOKEN_INVALID');
    const { user } = link;
    if (req.viewer) await endSession(db, req, reply, config.cookieSecure);
    await startSession(db, req, reply, user.id, { ...sessionOptions, tokenAuth: true });
    await recordStaffSignIn(db, req.ip, user, link.issuedById);
    return reply.redirect('/');
  });
}
