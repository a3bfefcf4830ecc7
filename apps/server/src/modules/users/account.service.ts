import type { AppDeps } from '../../deps.js';
import { DomainError } from '../../errors.js';
import { addMember, clientsOfUser, createClient } from '../clients/clients.service.js';
import {
  checkNewUser,
  consumeToken,
  createUser,
  findUserByEmail,
  issueToken,
  markEmailVerified,
  SIGN_IN_LINK_HOURS,
  VERIFY_LINK_HOURS,
} from './users.service.js';

export interface Registration {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Self-registration. The answer is the same whether or not the e-mail has an account: a new
 * address gets a verification link, a known one gets a note that it already has an account.
 */
export async function register(deps: AppDeps, input: Registration): Promise<void> {
  const email = checkNewUser(input);
  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    await deps.mailer.send({
      to: email,
      subject: 'Your Adloom account',
      text: `Someone tried to register with this address, which already has an account.\n\nSign in: ${deps.config.publicUrl}/login/local/\n\nIf this was not you, you can ignore this mail.`,
    });
    return;
  }
  const user = await createUser(deps.db, { ...input, email, emailVerified: false });
  await sendVerificationMail(deps, user.id, email);
}

export async function sendVerificationMail(deps: AppDeps, userId: string, email: string): Promise<void> {
  const { secret } = await issueToken(deps.db, { userId, purpose: 'verify_email', hours: VERIFY_LINK_HOURS });
  await deps.mailer.send({
    to: email,
    subject: 'Verify your e-mail for Adloom',
    text: `Confirm your e-mail address to finish creating your account:\n${deps.config.publicUrl}/register/verify/?token=${encodeURIComponent(secret)}\n\nThe link is valid for ${VERIFY_LINK_HOURS} hours.`,
  });
}

/** Verifies an e-mail by its link token; returns the user to sign in. */
export async function verifyEmail(deps: AppDeps, secret: string) {
  const user = await consumeToken(deps.db, secret, 'verify_email');
  if (!user) throw new DomainError('TOKEN_INVALID', 'This verification link is invalid, used or expired.');
  await markEmailVerified(deps.db, user.id);
  return user;
}

/** A staff-issued one-time sign-in link; signing in by it sets tokenAuth on the session. */
export async function createSignInLink(deps: AppDeps, email: string, createdById: string | null) {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new DomainError('NOT_FOUND', `No user has the e-mail ${email}.`);
  const { secret, expiresAt } = await issueToken(deps.db, {
    userId: user.id,
    purpose: 'sign_in',
    hours: SIGN_IN_LINK_HOURS,
    createdById,
  });
  return { url: `${deps.config.publicUrl}/auth/login/token/?token=${encodeURIComponent(secret)}`, expiresAt };
}

export function consumeSignInLink(deps: AppDeps, secret: string) {
  return consumeToken(deps.db, secret, 'sign_in');
}

/** /register/client/: a signed-in user creates a workspace on a trial plan and becomes its admin. */
export async function createWorkspace(deps: AppDeps, userId: string, name: string) {
  const client = await createClient(deps.db, { name, planStatus: 'trial' });
  const membership = await addMember(deps.db, { userId, clientId: client.id, isAdmin: true });
  return { client, membership };
}

/** Where a freshly signed-in user goes: a client landing, or a register page when they have none. */
export async function nextPathAfterSignIn(deps: AppDeps, userId: string): Promise<string> {
  const rows = await clientsOfUser(deps.db, userId);
  return rows.length > 0 ? '/' : '/register/client/';
}
