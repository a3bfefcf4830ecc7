import { and, asc, count, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/like.js';
import {
  clientFeatures,
  clients,
  memberships,
  users,
  type ClientRow,
  type MembershipRow,
  type PlanStatus,
} from '../../db/schema.js';
import { DomainError, invalidInput, isUuid, notFound } from '../../errors.js';
import { effectivePlanStatus, FEATURE_FLAGS, isFeatureKey } from './client-rules.js';

export const TRIAL_DAYS = 14;
export const MAX_CLIENT_NAME = 100;

export function checkClientName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalidInput('The workspace name is required.');
  if (trimmed.length > MAX_CLIENT_NAME)
    throw invalidInput(`The workspace name must be at most ${MAX_CLIENT_NAME} characters.`);
  return trimmed;
}

export async function createClient(
  db: Db,
  input: { name: string; planStatus?: PlanStatus; trialEndsAt?: Date | null; createdById?: string },
): Promise<ClientRow> {
  const planStatus = input.planStatus ?? 'trial';
  const trialEndsAt =
    input.trialEndsAt !== undefined
      ? input.trialEndsAt
      : planStatus === 'trial'
        ? new Date(Date.now() + TRIAL_DAYS * 86_400_000)
        : null;
  const [row] = await db
    .insert(clients)
    .values({ name: checkClientName(input.name), planStatus, trialEndsAt, createdById: input.createdById })
    .returning();
  if (!row) throw new Error('client insert returned nothing');
  return row;
}

export async function getClient(db: Db, id: string): Promise<ClientRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return row;
}

export async function requireClient(db: Db, id: string): Promise<ClientRow> {
  const row = await getClient(db, id);
  if (!row) throw notFound('The client');
  return row;
}

export async function findClientByName(db: Db, name: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.name, name)).limit(1);
  return row;
}

export async function membershipOf(
  db: Db,
  userId: string,
  clientId: string,
): Promise<MembershipRow | undefined> {
  if (!isUuid(userId) || !isUuid(clientId)) return undefined;
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.clientId, clientId)))
    .limit(1);
  return row;
}

/** The clients a user belongs to (active memberships only), in name order. */
export function clientsOfUser(db: Db, userId: string) {
  return db
    .select({ client: clients, membership: memberships })
    .from(memberships)
    .innerJoin(clients, eq(clients.id, memberships.clientId))
    .where(and(eq(memberships.userId, userId), eq(memberships.isActive, true)))
    .orderBy(asc(clients.name), asc(clients.id));
}

/** Adds a user to a client, or reactivates and updates an existing membership. */
export async function addMember(
  db: Db,
  input: { userId: string; clientId: string; isAdmin: boolean },
): Promise<MembershipRow> {
  const [row] = await db
    .insert(memberships)
    .values({ userId: input.userId, clientId: input.clientId, isAdmin: input.isAdmin, isActive: true })
    .onConflictDoUpdate({
      target: [memberships.userId, memberships.clientId],
      set: { isActive: true, isAdmin: input.isAdmin },
    })
    .returning();
  if (!row) throw new Error('membership upsert returned nothing');
  return row;
}

/**
 * How many workspaces on a trial (running or expired: never paid for) one person may have started when they
 * start another one (/register/client/). Trials are free, so without a limit one account could start trial
 * after trial; three leave room for a second brand and a fresh start. A workspace counts for the person who
 * started it (clients.created_by_id), whoever its admins are later.
 */
export const MAX_TRIAL_WORKSPACES_PER_USER = 3;

export const trialWorkspaceLimitMessage = () =>
  `You have started ${MAX_TRIAL_WORKSPACES_PER_USER} trial workspaces already, the most one person can ` +
  'start. Choose a plan for one of them, or ask to be invited to the workspace you need.';

/**
 * A new workspace on a trial with `userId` as its admin, refused with TRIAL_LIMIT_REACHED when the user has
 * started MAX_TRIAL_WORKSPACES_PER_USER trial or expired workspaces already. The user's row is locked while
 * counting, so two requests at once cannot both take the last place.
 */
export async function createTrialWorkspace(
  db: Db,
  userId: string,
  name: string,
): Promise<{ client: ClientRow; membership: MembershipRow }> {
  const clientName = checkClientName(name);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx
      .select({ n: count() })
      .from(clients)
      .where(and(eq(clients.createdById, userId), ne(clients.planStatus, 'paying')));
    if (Number(row?.n ?? 0) >= MAX_TRIAL_WORKSPACES_PER_USER)
      throw new DomainError('TRIAL_LIMIT_REACHED', trialWorkspaceLimitMessage());
    const client = await createClient(tx, { name: clientName, planStatus: 'trial', createdById: userId });
    const membership = await addMember(tx, { userId, clientId: client.id, isAdmin: true });
    return { client, membership };
  });
}

/** Records that an active member accepted the client's terms. */
export async function acceptTerms(db: Db, userId: string, clientId: string): Promise<MembershipRow> {
  const [row] = await db
    .update(memberships)
    .set({ termsAcceptedAt: new Date() })
    .where(
      and(eq(memberships.userId, userId), eq(memberships.clientId, clientId), eq(memberships.isActive, true)),
    )
    .returning();
  if (!row) throw notFound('The client');
  return row;
}

export interface FeatureState {
  key: string;
  label: string;
  description: string;
  enabled: boolean;
}

/** Every known feature flag of a client, with its default where none was set. */
export async function featuresOf(db: Db, clientId: string): Promise<FeatureState[]> {
  return (await featuresOfClients(db, [clientId]))[0]!;
}

/** The features of many clients in one query, in the order of `clientIds` (for a list's data loader). */
export async function featuresOfClients(db: Db, clientIds: readonly string[]): Promise<FeatureState[][]> {
  const rows = clientIds.length
    ? await db
        .select()
        .from(clientFeatures)
        .where(inArray(clientFeatures.clientId, [...clientIds]))
    : [];
  return clientIds.map((id) => {
    const set = new Map(rows.filter((r) => r.clientId === id).map((r) => [r.key, r.enabled]));
    return FEATURE_FLAGS.map((f) => ({
      key: f.key,
      label: f.label,
      description: f.description,
      enabled: set.get(f.key) ?? f.defaultEnabled,
    }));
  });
}

export async function isFeatureEnabled(db: Db, clientId: string, key: string): Promise<boolean> {
  return (await featuresOf(db, clientId)).some((f) => f.key === key && f.enabled);
}

export async function setFeature(db: Db, clientId: string, key: string, enabled: boolean): Promise<void> {
  if (!isFeatureKey(key)) throw new DomainError('UNKNOWN_FEATURE', `Unknown feature flag: ${key}.`);
  await requireClient(db, clientId);
  await db
    .insert(clientFeatures)
    .values({ clientId, key, enabled })
    .onConflictDoUpdate({
      target: [clientFeatures.clientId, clientFeatures.key],
      set: { enabled, updatedAt: new Date() },
    });
}

export async function setPlan(
  db: Db,
  clientId: string,
  input: { planStatus: PlanStatus; billingRequired: boolean; trialEndsAt: Date | null },
): Promise<ClientRow> {
  if (input.planStatus === 'trial' && !input.trialEndsAt) throw invalidInput('A trial needs an end date.');
  const [row] = await db
    .update(clients)
    .set({
      planStatus: input.planStatus,
      billingRequired: input.billingRequired,
      trialEndsAt: input.planStatus === 'trial' ? input.trialEndsAt : null,
    })
    .where(eq(clients.id, clientId))
    .returning();
  if (!row) throw notFound('The client');
  return row;
}

/** The staff portal's client list: paying clients only by default, optionally filtered by name. */
export async function listClientsForPortal(db: Db, opts: { onlyPaying: boolean; search?: string | null }) {
  const conditions = [];
  if (opts.onlyPaying) conditions.push(eq(clients.planStatus, 'paying'));
  const search = opts.search?.trim();
  if (search) conditions.push(ilike(clients.name, containing(search)));
  return db
    .select()
    .from(clients)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(clients.name))
    .limit(500);
}

export async function memberCounts(db: Db, clientIds: string[]): Promise<Map<string, number>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({ clientId: memberships.clientId, n: count() })
    .from(memberships)
    .where(and(inArray(memberships.clientId, clientIds), eq(memberships.isActive, true)))
    .groupBy(memberships.clientId);
  return new Map(rows.map((r) => [r.clientId, Number(r.n)]));
}

/** All memberships of a client with their users, for the portal and the users screens. */
export function membersOf(db: Db, clientId: string) {
  return db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.clientId, clientId))
    .orderBy(asc(users.email));
}

export { effectivePlanStatus };
