import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { sessions, users, type UserRow } from '../db/schema.js';
import { hashSecret, newSecret } from './tokens.js';

export const SESSION_COOKIE = 'adloom_session';
export const CSRF_COOKIE = 'adloom_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Who is signed in on this request, and how. */
export interface Viewer {
  user: UserRow;
  sessionIdHash: string;
  csrfToken: string;
  tokenAuth: boolean;
}

export interface SessionOptions {
  sessionDays: number;
  cookieSecure: boolean;
}

/** Creates a database session and sets the HttpOnly session cookie and the readable CSRF cookie. */
export async function startSession(
  db: Db,
  reply: FastifyReply,
  userId: string,
  opts: SessionOptions & { tokenAuth?: boolean },
): Promise<void> {
  const secret = newSecret();
  const csrfToken = newSecret();
  const expiresAt = new Date(Date.now() + opts.sessionDays * 86_400_000);
  await db.insert(sessions).values({
    idHash: hashSecret(secret),
    userId,
    csrfToken,
    tokenAuth: opts.tokenAuth ?? false,
    expiresAt,
  });
  const base = { path: '/', sameSite: 'lax' as const, secure: opts.cookieSecure, expires: expiresAt };
  reply.setCookie(SESSION_COOKIE, secret, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, csrfToken, { ...base, httpOnly: false });
}

/** Ends the request's session, if any, and clears both cookies. */
export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  const secret = request.cookies[SESSION_COOKIE];
  if (secret) await db.delete(sessions).where(eq(sessions.idHash, hashSecret(secret)));
  reply.clearCookie(SESSION_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'lax', secure });
}

/** Reads the session cookie and returns the viewer, or null when signed out or expired. */
export async function loadViewer(db: Db, secret: string | undefined): Promise<Viewer | null> {
  if (!secret) return null;
  const idHash = hashSecret(secret);
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    user: row.user,
    sessionIdHash: idHash,
    csrfToken: row.session.csrfToken,
    tokenAuth: row.session.tokenAuth,
  };
}

/** Drops sessions past their expiry; run at start and from time to time. */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** Ends every session of a user (used when a password changes or access is withdrawn). */
export async function endAllSessionsOf(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
