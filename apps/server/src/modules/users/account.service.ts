import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { users, type PendingRegistration, type UserRow } from '../../db/schema.js';
import { DomainError, invalidInput } from '../../errors.js';
import { limitMail, reserveSignIn, signInSucceeded, unlockAccount } from '../../auth/limits.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/passwords.js';
import { endAllSessionsOf, endOtherSessionsOf, type Viewer } from '../../auth/sessions.js';
import { hashSecret } from '../../auth/tokens.js';
import { clientsOfUser, createTrialWorkspace } from '../clients/index.js';
import { isValidEmail, normaliseEmail } from './user-rules.js';
import {
  checkNewUser,
  consumeTokenRow,
  createUser,
  findUserByEmail,
  getUser,
  issueToken,
  RESET_LINK_HOURS,
  retireTokens,
  SIGN_IN_LINK_HOURS,
  VERIFY_LINK_HOURS,
} from './users.service.js';

export interface Registration {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/** Where a request comes from (its client address, for the limits of auth/limits.ts). */
export interface Origin {
  ip: string;
}

/*
 * Pre-account takeover. Anyone can register any address, so a registration's password proves nothing
 * until the address's owner has been heard from. An unverified account therefore has no password: each
 * registration keeps the password it chose with its own verification link, together with the hash of a
 * random cookie set in the browser that registered. Opening the link in that browser proves that the
 * person who chose the password also reads the mailbox: the password becomes the account's and they are
 * signed in. Opened anywhere else (a victim clicking the link an attacker's registration sent them), the
 * address is verified but no password is kept: the visitor chooses one on the reset page. Every other
 * pending link dies with the verification, and links never outlive it.
 */

/**
 * Self-registration. The answer is the same whether or not the e-mail has an account: a new or still
 * unverified address gets a verification link, a verified one gets a note that it already has an account.
 */
export async function register(
  deps: AppDeps,
  input: Registration,
  /** `proofHash`: SHA-256 of the registering browser's sign-up cookie. */
  origin: Origin & { proofHash: string },
): Promise<void> {
  const email = checkNewUser(input);
  await limitMail(deps, { to: email, ip: origin.ip });
  // Hashed on every path, so the time taken does not tell whether the address has an account.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(deps.db, email);
  if (existing?.emailVerifiedAt) {
    await deps.mailer.send({
      to: email,
      subject: 'Your Adloom account',
      text: `Someone tried to register with this address, which already has an account.\n\nSign in: ${deps.config.publicUrl}/login/local/\nForgot your password? ${deps.config.publicUrl}/login/forgot/\n\nIf this was not you, you can ignore this mail.`,
    });
    return;
  }
  const user = existing ?? (await createPendingUser(deps, email));
  await sendVerificationMail(deps, user.id, email, {
    passwordHash,
    proofHash: origin.proofHash,
    firstName: input.firstName?.trim() ?? '',
    lastName: input.lastName?.trim() ?? '',
  });
}

/** An account waiting for its address to be verified: no password and no name until then. */
async function createPendingUser(deps: AppDeps, email: string): Promise<UserRow> {
  try {
    return await createUser(deps.db, { email, emailVerified: false });
  } catch (e) {
    // Two registrations of a new address can race on the unique e-mail; the loser uses the winner's row.
    const winner = await findUserByEmail(deps.db, email);
    if (winner) return winner;
    throw e;
  }
}

async function sendVerificationMail(
  deps: AppDeps,
  userId: string,
  email: string,
  registration: PendingRegistration,
): Promise<void> {
  const { secret } = await issueToken(deps.db, {
    userId,
    purpose: 'verify_email',
    hours: VERIFY_LINK_HOURS,
    registration,
  });
  await deps.mailer.send({
    to: email,
    subject: 'Verify your e-mail for Adloom',
    text: `Confirm your e-mail address to finish creating your account:\n${deps.config.publicUrl}/register/verify/?token=${encodeURIComponent(secret)}\n\nThe link is valid for ${VERIFY_LINK_HOURS} hours. If you did not register, you can ignore this mail.`,
    secrets: [secret],
  });
}

const INVALID_VERIFY_LINK = () =>
  new DomainError('TOKEN_INVALID', 'This verification link is invalid, used or expired.');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The outcome of a verification link: signed in with the password chosen at registration, or verified
 * without it, with a single-use token for the page where the visitor chooses a password.
 */
export type Verification =
  { user: UserRow; signedIn: true } | { user: UserRow; signedIn: false; passwordToken: string };

/** Verifies an e-mail by its link token and the browser's sign-up cookie (see the comment above). */
export async function verifyEmail(
  deps: AppDeps,
  secret: string,
  signUpCookie: string | undefined,
): Promise<Verification> {
  const token = await consumeTokenRow(deps.db, secret, 'verify_email');
  if (!token) throw INVALID_VERIFY_LINK();
  const registration = token.registration;
  const proven = Boolean(
    registration && signUpCookie && sameHash(hashSecret(signUpCookie), registration.proofHash),
  );
  const [user] = await deps.db
    .update(users)
    .set(
      proven && registration
        ? {
            emailVerifiedAt: new Date(),
            passwordHash: registration.passwordHash,
            firstName: registration.firstName,
            lastName: registration.lastName,
          }
        : // A password set before verification (accounts registered before this rule) is dropped too.
          { emailVerifiedAt: new Date(), passwordHash: null },
    )
    // Verifies once: a link of an address verified meanwhile (another link, a reset, Auth0) is refused.
    .where(and(eq(users.id, token.userId), isNull(users.emailVerifiedAt)))
    .returning();
  if (!user) throw INVALID_VERIFY_LINK();
  await retireTokens(deps.db, user.id, ['verify_email']);
  if (proven) return { user, signedIn: true };
  const { secret: passwordToken } = await issueToken(deps.db, {
    userId: user.id,
    purpose: 'reset_password',
    hours: RESET_LINK_HOURS,
  });
  return { user, signedIn: false, passwordToken };
}

/**
 * "Forgot password": mails a single-use link valid for an hour. The answer and the work are the same
 * whether or not the address has an account (one without gets a mail saying so).
 */
export async function requestPasswordReset(deps: AppDeps, rawEmail: string, origin: Origin): Promise<void> {
  const email = normaliseEmail(rawEmail ?? '');
  if (!isValidEmail(email)) throw new DomainError('INVALID_EMAIL', 'Enter a valid e-mail address.');
  await limitMail(deps, { to: email, ip: origin.ip });
  const user = await findUserByEmail(deps.db, email);
  const { publicUrl } = deps.config;
  if (!user) {
    await deps.mailer.send({
      to: email,
      subject: 'Reset your Adloom password',
      text: `Someone asked to reset the password of an Adloom account with this address, but there is no such account.\n\nCreate one: ${publicUrl}/register/\n\nIf this was not you, you can ignore this mail.`,
    });
    return;
  }
  const { secret } = await issueToken(deps.db, {
    userId: user.id,
    purpose: 'reset_password',
    hours: RESET_LINK_HOURS,
  });
  await deps.mailer.send({
    to: email,
    subject: 'Reset your Adloom password',
    text: `Choose a new password for your Adloom account:\n${publicUrl}/login/reset/?token=${encodeURIComponent(secret)}\n\nThe link works once and for ${RESET_LINK_HOURS} hour. If you did not ask for it, you can ignore this mail: your password stays as it is.`,
    secrets: [secret],
  });
}

/**
 * Sets a new password by a reset link. The link proves the mailbox, so the address counts as verified;
 * every session of the user ends, every other reset or verification link dies, and a sign-in lock lifts.
 */
export async function resetPassword(deps: AppDeps, secret: string, password: string): Promise<UserRow> {
  // Checked first, so a refused password does not use up the link.
  const problem = passwordProblem(password);
  if (problem) throw invalidInput(problem);
  const token = await consumeTokenRow(deps.db, secret, 'reset_password');
  if (!token) throw new DomainError('TOKEN_INVALID', 'This password reset link is invalid, used or expired.');
  const passwordHash = await hashPassword(password);
  const existing = await getUser(deps.db, token.userId);
  const [user] = await deps.db
    .update(users)
    .set({ passwordHash, emailVerifiedAt: existing?.emailVerifiedAt ?? new Date() })
    .where(eq(users.id, token.userId))
    .returning();
  if (!user) throw new DomainError('TOKEN_INVALID', 'This password reset link is invalid, used or expired.');
  await retireTokens(deps.db, user.id, ['reset_password', 'verify_email']);
  await endAllSessionsOf(deps.db, user.id);
  await unlockAccount(deps, user.email);
  return user;
}

/**
 * Changes the signed-in user's password: the current one is asked for (and counted like a sign-in
 * attempt), every other session of the user ends, and outstanding reset links die.
 */
export async function changePassword(
  deps: AppDeps,
  viewer: Viewer,
  input: { currentPassword: string; newPassword: string },
  origin: Origin,
): Promise<void> {
  const problem = passwordProblem(input.newPassword);
  if (problem) throw invalidInput(problem);
  const user = await getUser(deps.db, viewer.user.id);
  if (!user) throw new DomainError('UNAUTHENTICATED', 'Sign in first.');
  if (!user.passwordHash)
    throw new DomainError(
      'NO_PASSWORD',
      'Your account has no password yet: sign out, then use “Forgot password?” on the sign-in page to set one.',
    );
  const attempt = { ip: origin.ip, email: user.email };
  await reserveSignIn(deps, attempt);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw new DomainError('WRONG_PASSWORD', 'The current password is incorrect.');
  await signInSucceeded(deps, attempt);
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword) })
    .where(eq(users.id, user.id));
  await retireTokens(deps.db, user.id, ['reset_password']);
  await endOtherSessionsOf(deps.db, user.id, viewer.sessionIdHash);
}

/** A staff-issued one-time sign-in link; signing in by it sets tokenAuth on the session. */
export async function createSignInLink(
  deps: Pick<AppDeps, 'config' | 'db'>,
  email: string,
  createdById: string | null,
  origin?: Origin,
) {
  // Limited like a mail when asked for over HTTP (the CLI is not).
  if (origin) await limitMail(deps, { to: email, ip: origin.ip });
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new DomainError('NOT_FOUND', `No user has the e-mail ${email}.`);
  const { secret, expiresAt } = await issueToken(deps.db, {
    userId: user.id,
    purpose: 'sign_in',
    hours: SIGN_IN_LINK_HOURS,
    createdById,
  });
  return {
    url: `${deps.config.publicUrl}/auth/login/token/?token=${encodeURIComponent(secret)}`,
    expiresAt,
    user,
  };
}

/** Uses up a staff-issued sign-in link: the user it signs in, and who issued it (null: the CLI). */
export async function consumeSignInLink(
  deps: AppDeps,
  secret: string,
): Promise<{ user: UserRow; issuedById: string | null } | undefined> {
  const token = await consumeTokenRow(deps.db, secret, 'sign_in');
  const user = token ? await getUser(deps.db, token.userId) : undefined;
  return token && user ? { user, issuedById: token.createdById } : undefined;
}

/**
 * /register/client/: a signed-in user creates a workspace on a trial plan and becomes its admin, within the
 * limit of trial workspaces per person (MAX_TRIAL_WORKSPACES_PER_USER).
 */
export function createWorkspace(deps: AppDeps, userId: string, name: string) {
  return createTrialWorkspace(deps.db, userId, name);
}

/** Where a freshly signed-in user goes: a client landing, or a register page when they have none. */
export async function nextPathAfterSignIn(deps: AppDeps, userId: string): Promise<string> {
  const rows = await clientsOfUser(deps.db, userId);
  return rows.length > 0 ? '/' : '/register/client/';
}
