import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../errors.js';
import {
  consumeSignInLink,
  nextPathAfterSignIn,
  register,
  verifyEmail,
} from '../modules/users/account.service.js';
import { acceptInvitation } from '../modules/users/members.service.js';
import { normaliseEmail } from '../modules/users/user-rules.js';
import { authenticate } from '../modules/users/users.service.js';
import { CSRF_HEADER, endSession, startSession } from './sessions.js';

const INVALID_CREDENTIALS = 'The e-mail or password is incorrect.';

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
  if (e instanceof DomainError) return fail(reply, 400, e.code, e.message);
  throw e;
}

/** Local sign-in, registration, verification, invitations and staff-issued sign-in links. */
export async function registerAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config, db } = deps;
  const sessionOptions = { sessionDays: config.sessionDays, cookieSecure: config.cookieSecure };

  await app.register(rateLimit, { global: false });
  // Per address and e-mail, so one attacker cannot lock a user out from everywhere, nor spray one e-mail.
  const signInLimit = {
    rateLimit: {
      max: config.loginRateLimit.max,
      timeWindow: config.loginRateLimit.windowMs,
      hook: 'preHandler' as const,
      keyGenerator: (req: FastifyRequest) => `${req.ip}|${normaliseEmail(str(body(req).email) ?? '')}`,
      errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string; statusCode: number }) => ({
        statusCode: ctx.statusCode,
        code: 'RATE_LIMITED',
        message: `Too many attempts. Try again in ${ctx.after}.`,
      }),
    },
  };

  app.post('/auth/login/', { config: signInLimit }, async (req, reply) => {
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
    const result = await authenticate(db, email, password);
    if (!result.ok && result.reason === 'unverified')
      return fail(
        reply,
        403,
        'EMAIL_NOT_VERIFIED',
        'Verify your e-mail first: we sent you a link when you registered.',
      );
    if (!result.ok) return fail(reply, 401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    await startSession(db, reply, result.user.id, sessionOptions);
    return { ok: true, next: await nextPathAfterSignIn(deps, result.user.id) };
  });

  app.post('/auth/logout/', async (req, reply) => {
    if (req.viewer && req.headers[CSRF_HEADER] !== req.viewer.csrfToken)
      return fail(reply, 403, 'CSRF_FAILED', 'Missing or wrong CSRF token.');
    await endSession(db, req, reply, config.cookieSecure);
    return { ok: true };
  });

  app.post('/auth/register/', { config: signInLimit }, async (req, reply) => {
    const b = body(req);
    try {
      await register(deps, {
        email: str(b.email) ?? '',
        password: str(b.password) ?? '',
        firstName: str(b.firstName),
        lastName: str(b.lastName),
      });
    } catch (e) {
      return sendDomainError(reply, e);
    }
    return reply.code(202).send({ ok: true });
  });

  app.post('/auth/verify/', async (req, reply) => {
    try {
      const user = await verifyEmail(deps, str(body(req).token) ?? '');
      await startSession(db, reply, user.id, sessionOptions);
      return { ok: true, next: await nextPathAfterSignIn(deps, user.id) };
    } catch (e) {
      return sendDomainError(reply, e);
    }
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
      if (!req.viewer) await startSession(db, reply, user.id, sessionOptions);
      return { ok: true, clientId };
    } catch (e) {
      return sendDomainError(reply, e);
    }
  });

  app.get<{ Querystring: { token?: string } }>('/auth/login/token/', async (req, reply) => {
    const user = await consumeSignInLink(deps, str(req.query.token) ?? '');
    if (!user) return reply.redirect('/register/issue/?code=TOKEN_INVALID');
    if (req.viewer) await endSession(db, req, reply, config.cookieSecure);
    await startSession(db, reply, user.id, { ...sessionOptions, tokenAuth: true });
    return reply.redirect('/');
  });
}
