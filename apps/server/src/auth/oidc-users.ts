import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users, type UserRow } from '../db/schema.js';
import { createUser, findUserByEmail } from '../modules/users/index.js';

/** A provider identity whose e-mail the provider has verified. */
export interface VerifiedIdentity {
  sub: string;
  email: string;
  givenName?: string | undefined;
  familyName?: string | undefined;
}

// The same limit createUser enforces; provider names are cut rather than refused.
const NAME_MAX = 100;

async function findBySubject(db: Db, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.authSubject, sub)).limit(1);
  return row;
}

/** Links a local account to the provider identity that has just proved it owns the account's e-mail. */
async function link(db: Db, user: UserRow, sub: string): Promise<UserRow> {
  // Re-linking would let whoever controls a second provider account with this e-mail take the user over.
  if (user.authSubject && user.authSubject !== sub)
    throw new Error(`user ${user.id} is already linked to another provider identity`);
  // A local account whose e-mail was never verified may have been registered by someone else with this
  // address, to wait for the owner (pre-account takeover): its unproven password is dropped.
  const unverified = !user.emailVerifiedAt;
  const [row] = await db
    .update(users)
    .set({ authSubject: sub, ...(unverified ? { emailVerifiedAt: new Date(), passwordHash: null } : {}) })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw new Error(`user ${user.id} vanished while linking`);
  return row;
}

async function findExisting(db: Db, identity: VerifiedIdentity): Promise<UserRow | undefined> {
  const bySubject = await findBySubject(db, identity.sub);
  if (bySubject) return bySubject;
  const byEmail = await findUserByEmail(db, identity.email);
  return byEmail ? link(db, byEmail, identity.sub) : undefined;
}

/** The user for a verified identity: by provider subject, else by e-mail (then linked), else a new one. */
export async function userForIdentity(db: Db, identity: VerifiedIdentity): Promise<UserRow> {
  const existing = await findExisting(db, identity);
  if (existing) return existing;
  try {
    return await createUser(db, {
      email: identity.email,
      firstName: identity.givenName?.slice(0, NAME_MAX),
      lastName: identity.familyName?.slice(0, NAME_MAX),
      emailVerified: true,
      authSubject: identity.sub,
    });
  } catch (e) {
    // Two callbacks for the same new identity can race on the unique indexes; the loser takes the winner's row.
    const winner = await findExisting(db, identity);
    if (winner) return winner;
    throw e;
  }
}
