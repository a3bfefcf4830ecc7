import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  oneTimeTokens,
  users,
  type OneTimeTokenPurpose,
  type PendingRegistration,
  type UserRow,
} from '../../db/schema.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/passwords.js';
import { hashSecret, newSecret } from '../../auth/tokens.js';
import { DomainError, invalidInput, isUuid } from '../../errors.js';
import { isValidEmail, normaliseEmail } from './user-rules.js';

export const SIGN_IN_LINK_HOURS = 24;
export const VERIFY_LINK_HOURS = 48;
export const RESET_LINK_HOURS = 1;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return row;
}

export async function getUser(db: Db, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export interface NewUser {
  email: string;
  password?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  isStaff?: boolean;
  isSuperUser?: boolean;
  emailVerified?: boolean;
  authSubject?: string;
}

export function checkNewUser(input: NewUser): string {
  const email = normaliseEmail(input.email ?? '');
  if (!isValidEmail(email)) throw new DomainError('INVALID_EMAIL', 'Enter a valid e-mail address.');
  if (input.password !== undefined) {
    const problem = passwordProblem(input.password);
    if (problem) throw invalidInput(problem);
  }
  for (const [label, value] of [
    ['First name', input.firstName],
    ['Last name', input.lastName],
  ] as const) {
    if (value && value.length > 100) throw invalidInput(`${label} must be at most 100 characters.`);
  }
  return email;
}

export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const email = checkNewUser(input);
  if (await findUserByEmail(db, email))
    throw new DomainError('EMAIL_TAKEN', 'A user with this e-mail already exists.');
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      firstName: input.firstName?.trim() ?? '',
      lastName: input.lastName?.trim() ?? '',
      isStaff: input.isStaff ?? false,
      isSuperUser: input.isSuperUser ?? false,
      emailVerifiedAt: input.emailVerified ? new Date() : null,
      authSubject: input.authSubject ?? null,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw invalidInput(problem);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
}

export type AuthResult = { ok: true; user: UserRow } | { ok: false; reason: 'invalid' | 'unverified' };

// How many of an unverified address's pending registrations a sign-in compares its password with.
const PENDING_CHECKED = 3;

/**
 * Checks e-mail and password; the failure never tells whether the e-mail exists. An unverified account
 * has no password of its own (account.service.ts): a password one of its pending registrations chose
 * gets 'unverified', so whoever registered learns to open the mailed link.
 */
export async function authenticate(db: Db, email: string, password: string): Promise<AuthResult> {
  const user = await findUserByEmail(db, email);
  if (user && !user.emailVerifiedAt) {
    const hashes = user.passwordHash
      ? [user.passwordHash]
      : (await pendingRegistrations(db, user.id)).map((r) => r.passwordHash);
    for (const hash of hashes.length > 0 ? hashes : [null])
      if (await verifyPassword(hash, password)) return { ok: false, reason: 'unverified' };
    return { ok: false, reason: 'invalid' };
  }
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) return { ok: false, reason: 'invalid' };
  return { ok: true, user };
}

async function pendingRegistrations(db: Db, userId: string): Promise<PendingRegistration[]> {
  const rows = await db
    .select({ registration: oneTimeTokens.registration })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, 'verify_email'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(PENDING_CHECKED);
  return rows.flatMap((r) => (r.registration ? [r.registration] : []));
}

/** Issues a single-use link token for a user; returns the secret to put in the link. */
export async function issueToken(
  db: Db,
  input: {
    userId: string;
    purpose: OneTimeTokenPurpose;
    hours: number;
    createdById?: string | null;
    registration?: PendingRegistration;
  },
): Promise<{ secret: string; expiresAt: Date }> {
  const secret = newSecret();
  const expiresAt = new Date(Date.now() + input.hours * 3_600_000);
  await db.insert(oneTimeTokens).values({
    tokenHash: hashSecret(secret),
    purpose: input.purpose,
    userId: input.userId,
    createdById: input.createdById ?? null,
    registration: input.registration ?? null,
    expiresAt,
  });
  return { secret, expiresAt };
}

/** Marks a token used and returns its user, or undefined when unknown, used, expired or of another purpose. */
export async function consumeToken(
  db: Db,
  secret: string,
  purpose: OneTimeTokenPurpose,
): Promise<UserRow | undefined> {
  const token = await consumeTokenRow(db, secret, purpose);
  return token ? getUser(db, token.userId) : undefined;
}

/** Like {@link consumeToken}, returning the token row itself (a verification needs its registration). */
export async function consumeTokenRow(db: Db, secret: string, purpose: OneTimeTokenPurpose) {
  if (typeof secret !== 'string' || secret.length < 20 || secret.length > 100) return undefined;
  const [token] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashSecret(secret)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return token;
}

/** Uses up every outstanding token of a purpose for a user (older links stop working). */
export async function retireTokens(db: Db, userId: string, purposes: OneTimeTokenPurpose[]): Promise<void> {
  for (const purpose of purposes)
    await db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
        ),
      );
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}

export async function setDemoMode(db: Db, userId: string, enabled: boolean): Promise<UserRow> {
  const [row] = await db.update(users).set({ demoMode: enabled }).where(eq(users.id, userId)).returning();
  if (!row) throw new Error('user vanished');
  return row;
}
