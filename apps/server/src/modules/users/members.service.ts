import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/client.js';
import {
  clients,
  invitations,
  memberships,
  users,
  type MembershipRow,
  type UserRow,
} from '../../db/schema.js';
import { hashSecret, newSecret } from '../../auth/tokens.js';
import { limitMail } from '../../auth/limits.js';
import { endAllSessionsOf } from '../../auth/sessions.js';
import { DomainError, isUuid, notFound } from '../../errors.js';
import { addMember, membershipOf, requireClient } from '../clients/index.js';
import { isValidEmail, normaliseEmail } from './user-rules.js';
import { createUser, findUserByEmail } from './users.service.js';

export const INVITATION_DAYS = 7;

/** The acting member inside a client: resolvers pass it so every rule knows who acts where. */
export interface Actor {
  user: UserRow;
  clientId: string;
  isAdmin: boolean;
}

function requireAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw new DomainError('NOT_ADMIN', 'Only admins can manage users.');
}

export function listMembers(db: Db, clientId: string, active: boolean) {
  return db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.clientId, clientId), eq(memberships.isActive, active)))
    .orderBy(users.email);
}

export function listPendingInvitations(db: Db, clientId: string) {
  return db
    .select({ invitation: invitations, invitedByEmail: users.email })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedById))
    .where(
      and(
        eq(invitations.clientId, clientId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(invitations.createdAt));
}

/** Whether the invitation mail went out, and the link it carries (for the admin to pass on when it did not). */
export interface InvitationDelivery {
  mailSent: boolean;
  link: string;
}

async function sendInvitationMail(
  deps: AppDeps,
  clientName: string,
  email: string,
  secret: string,
): Promise<InvitationDelivery> {
  const link = `${deps.config.publicUrl}/register/linking/?token=${encodeURIComponent(secret)}`;
  const { sent } = await deps.mailer.send({
    to: email,
    subject: `You are invited to ${clientName} on Adloom`,
    text: `You have been invited to join the workspace "${clientName}".\n\nAccept the invitation: ${link}\n\nThe link is valid for ${INVITATION_DAYS} days.`,
    secrets: [secret],
  });
  return { mailSent: sent, link };
}

/**
 * Invites an e-mail address into the actor's client and mails the link (`origin`: for the mail limits); says
 * whether the mail went out.
 */
export async function inviteUser(
  deps: AppDeps,
  actor: Actor,
  rawEmail: string,
  isAdmin: boolean,
  origin: { ip: string },
) {
  requireAdmin(actor);
  const email = normaliseEmail(rawEmail);
  if (!isValidEmail(email)) throw new DomainError('INVALID_EMAIL', 'Enter a valid e-mail address.');
  await limitMail(deps, { to: email, ip: origin.ip });
  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    const membership = await membershipOf(deps.db, existing.id, actor.clientId);
    if (membership?.isActive)
      throw new DomainError('ALREADY_MEMBER', `${email} is already a member of this client.`);
    if (membership)
      throw new DomainError('ALREADY_MEMBER', `${email} is an inactive member: reactivate them instead.`);
  }
  const client = await requireClient(deps.db, actor.clientId);
  // A new invitation replaces any pending one for the same address.
  await deps.db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(invitations.clientId, actor.clientId),
        eq(invitations.email, email),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
  const secret = newSecret();
  const [row] = await deps.db
    .insert(invitations)
    .values({
      clientId: actor.clientId,
      email,
      isAdmin,
      tokenHash: hashSecret(secret),
      invitedById: actor.user.id,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    })
    .returning();
  if (!row) throw new Error('invitation insert returned nothing');
  const delivery = await sendInvitationMail(deps, client.name, email, secret);
  return { invitation: row, invitedByEmail: actor.user.email, delivery };
}

async function pendingInvitation(db: Db, clientId: string, id: string) {
  if (!isUuid(id)) throw notFound('The invitation');
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.clientId, clientId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound('The invitation');
  return row;
}

/** Sends a fresh link (the old one stops working) and extends the expiry. */
export async function resendInvitation(deps: AppDeps, actor: Actor, id: string, origin: { ip: string }) {
  requireAdmin(actor);
  const existing = await pendingInvitation(deps.db, actor.clientId, id);
  await limitMail(deps, { to: existing.email, ip: origin.ip });
  const secret = newSecret();
  const [row] = await deps.db
    .update(invitations)
    .set({ tokenHash: hashSecret(secret), expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000) })
    .where(eq(invitations.id, existing.id))
    .returning();
  if (!row) throw notFound('The invitation');
  const client = await requireClient(deps.db, actor.clientId);
  const delivery = await sendInvitationMail(deps, client.name, row.email, secret);
  return { invitation: row, invitedByEmail: null, delivery };
}

export async function revokeInvitation(deps: AppDeps, actor: Actor, id: string) {
  requireAdmin(actor);
  const existing = await pendingInvitation(deps.db, actor.clientId, id);
  const [row] = await deps.db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(eq(invitations.id, existing.id))
    .returning();
  if (!row) throw notFound('The invitation');
  // No mail is due for a revocation.
  return { invitation: row, invitedByEmail: null, delivery: null };
}

async function activeAdminCount(db: Db, clientId: string): Promise<number> {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(eq(memberships.clientId, clientId), eq(memberships.isActive, true), eq(memberships.isAdmin, true)),
    );
  return rows.length;
}

async function targetMembership(db: Db, actor: Actor, userId: string): Promise<MembershipRow> {
  requireAdmin(actor);
  if (userId === actor.user.id)
    throw new DomainError('CANNOT_CHANGE_SELF', 'You cannot change your own access; ask another admin.');
  const membership = await membershipOf(db, userId, actor.clientId);
  if (!membership) throw notFound('The user');
  return membership;
}

async function updateMembership(db: Db, membership: MembershipRow, set: Partial<MembershipRow>) {
  const [row] = await db.update(memberships).set(set).where(eq(memberships.id, membership.id)).returning();
  const [user] = await db.select().from(users).where(eq(users.id, membership.userId));
  if (!row || !user) throw notFound('The user');
  return { user, membership: row };
}

export async function deactivateUser(deps: AppDeps, actor: Actor, userId: string) {
  const membership = await targetMembership(deps.db, actor, userId);
  if (membership.isAdmin && membership.isActive && (await activeAdminCount(deps.db, actor.clientId)) <= 1)
    throw new DomainError('LAST_ADMIN', 'A client needs at least one active admin.');
  const result = await updateMembership(deps.db, membership, { isActive: false });
  // Withdrawn access takes effect at once: the user's sessions end unless another client still has them.
  const others = await deps.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.isActive, true)));
  if (others.length === 0 && !result.user.isStaff && !result.user.isSuperUser)
    await endAllSessionsOf(deps.db, userId);
  return result;
}

export async function reactivateUser(deps: AppDeps, actor: Actor, userId: string) {
  const membership = await targetMembership(deps.db, actor, userId);
  return updateMembership(deps.db, membership, { isActive: true });
}

export async function setUserAdmin(deps: AppDeps, actor: Actor, userId: string, isAdmin: boolean) {
  const membership = await targetMembership(deps.db, actor, userId);
  if (!membership.isActive) throw new DomainError('INACTIVE_USER', 'Reactivate the user first.');
  if (!isAdmin && membership.isAdmin && (await activeAdminCount(deps.db, actor.clientId)) <= 1)
    throw new DomainError('LAST_ADMIN', 'A client needs at least one active admin.');
  return updateMembership(deps.db, membership, { isAdmin });
}

/** Looks up a pending invitation by its link secret. */
export async function findInvitationByToken(db: Db, secret: string) {
  if (typeof secret !== 'string' || secret.length < 20 || secret.length > 100) return undefined;
  const [row] = await db
    .select({ invitation: invitations, clientName: clients.name })
    .from(invitations)
    .innerJoin(clients, eq(clients.id, invitations.clientId))
    .where(
      and(
        eq(invitations.tokenHash, hashSecret(secret)),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Accepts an invitation. A signed-in viewer must hold the invited e-mail; someone without an account
 * creates one with a name and password (the link proves the e-mail). Returns the user who joined.
 */
export async function acceptInvitation(
  db: Db,
  secret: string,
  viewer: UserRow | null,
  account: { firstName?: string; lastName?: string; password?: string },
): Promise<{ user: UserRow; clientId: string }> {
  const found = await findInvitationByToken(db, secret);
  if (!found) throw new DomainError('TOKEN_INVALID', 'This invitation link is invalid, used or expired.');
  const { invitation } = found;
  let user = await findUserByEmail(db, invitation.email);
  if (user) {
    if (!viewer || viewer.id !== user.id)
      throw new DomainError('SIGN_IN_REQUIRED', `Sign in as ${invitation.email} to accept this invitation.`);
  } else {
    if (!account.password)
      throw new DomainError('INVALID_INPUT', 'Choose a password to create your account.');
    user = await createUser(db, {
      email: invitation.email,
      password: account.password,
      firstName: account.firstName,
      lastName: account.lastName,
      emailVerified: true,
    });
  }
  await addMember(db, { userId: user.id, clientId: invitation.clientId, isAdmin: invitation.isAdmin });
  await db.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, invitation.id));
  return { user, clientId: invitation.clientId };
}
