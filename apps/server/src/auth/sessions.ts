import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { sessions, users, type UserRow } from '../db/schema.js';
import { purgeStaleThrottles } from './throttle.js';
import { hashSecret, newSecret } from './tokens.js';

export const SESSION_COOKIE = 'adloom_session';
export const CSRF_COOKIE = 'adloom_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Who is signed in on this request, and how. */
export interface Viewer {
  user: UserRow;
  sessionIdHash: string;
  /** The session's public id (as listed in the user's sessions). */
  sessionId: string;
  csrfToken: string;
  tokenAuth: boolean;
}

export interface SessionOptions {
  sessionDays: number;
  cookieSecure: boolean;
}

// The user sees these in the sessions list; a longer user agent is cut.
const USER_AGENT_MAX = 512;
/** Last seen is written at most this often per session, not on every request. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/**
 * Creates a database session (noting the request's address and user agent for the sessions list) and
 * sets the HttpOnly session cookie and the readable CSRF cookie.
 */
export async function startSession(
  db: Db,
  request: FastifyRequest,
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
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
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
  if (Date.now() - row.session.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS)
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.idHash, idHash));
  return {
    user: row.user,
    sessionIdHash: idHash,
    sessionId: row.session.id,
    csrfToken: row.session.csrfToken,
    tokenAuth: row.session.tokenAuth,
  };
}

/** Drops sessions past their expiry, and sign-in and mail counters long forgotten; run at start and from time to time. */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  await purgeStaleThrottles(db);
}

/** Ends every session of a user (used when a password changes or access is withdrawn). */
export async function endAllSessionsOf(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of a user but the one given (a password change keeps the device that made it). */
export async function endOtherSessionsOf(db: Db, userId: string, keepIdHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)));
}

/** The user's live sessions, newest first. Every query is bound to the user: nobody sees another's. */
export function listSessionsOf(db: Db, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one session of the user by its public id; false when the user has no such session. */
export async function endSessionOf(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
