import { createHash } from 'node:crypto';
import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { auditEvents, type AuditEventRow, type UserRow } from '../../db/schema.js';
import type { Viewer } from '../../auth/sessions.js';
import { isUuid } from '../../errors.js';
import type { AuditAction, AuditTargetKind } from './actions.js';

/** Who acted, as the event keeps it (by value: the record outlives the user). */
export interface AuditActor {
  userId: string | null;
  email: string | null;
  isStaff: boolean;
  /** The session came from a staff-issued sign-in link: staff acting as this user. */
  viaStaffLink: boolean;
  ip: string | null;
}

/** The actor of a request: its signed-in viewer (or nobody) and its client address. */
export function actorOf(viewer: Viewer | null, ip: string | null): AuditActor {
  if (!viewer) return { ...SYSTEM_ACTOR, ip };
  return userActor(viewer.user, ip, viewer.tokenAuth);
}

/** A user as the actor where there is no session yet (a reset link, an invitation accepted signed out). */
export function userActor(user: UserRow, ip: string | null, viaStaffLink = false): AuditActor {
  return {
    userId: user.id,
    email: user.email,
    isStaff: user.isStaff || user.isSuperUser,
    viaStaffLink,
    ip,
  };
}

/** An actor that is the installation itself (the admin command line). */
export const SYSTEM_ACTOR: AuditActor = {
  userId: null,
  email: null,
  isStaff: false,
  viaStaffLink: false,
  ip: null,
};

export interface AuditEvent {
  /** The client the action concerns, or null (account and installation events). */
  clientId: string | null;
  action: AuditAction;
  target?: { kind: AuditTargetKind; id: string; label?: string | null } | null;
  details?: Record<string, unknown>;
  /**
   * Records the event at most once per key (a unique index decides, so concurrent requests cannot both
   * record): e.g. an export fetched by an ad network, once per token and hour.
   */
  onceKey?: string;
}

const MAX_LABEL = 200;

/**
 * Records an event. Pass the transaction of the action it records, so that both happen or neither.
 * Returns false when `onceKey` was already recorded.
 */
export async function recordAudit(db: Db, actor: AuditActor, event: AuditEvent): Promise<boolean> {
  const label = event.target?.label ?? null;
  const insert = db.insert(auditEvents).values({
    clientId: event.clientId,
    actorUserId: actor.userId,
    actorEmail: actor.email,
    actorIsStaff: actor.isStaff,
    viaStaffLink: actor.viaStaffLink,
    action: event.action,
    targetKind: event.target?.kind ?? null,
    targetId: event.target?.id ?? null,
    targetLabel: label === null ? null : Array.from(label).slice(0, MAX_LABEL).join(''),
    details: event.details ?? {},
    ip: actor.ip,
    dedupeKey: event.onceKey ?? null,
  });
  if (!event.onceKey) {
    await insert;
    return true;
  }
  const rows = await insert
    .onConflictDoNothing({ target: auditEvents.dedupeKey })
    .returning({ id: auditEvents.id });
  return rows.length > 0;
}

export interface AuditFilter {
  /** One client's events; `undefined` for every client (staff), `null` for events of no client. */
  clientId?: string | null;
  action?: string | null;
  /** The actor's e-mail (a part of it) or user id. */
  actor?: string | null;
}

export interface AuditPage {
  total: number;
  events: AuditEventRow[];
}

const MAX_PAGE = 200;

/** A page of events, newest first. */
export async function listAuditEvents(
  db: Db,
  filter: AuditFilter,
  page: { offset?: number | null; limit?: number | null } = {},
): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (filter.clientId === null) conditions.push(isNull(auditEvents.clientId));
  else if (filter.clientId !== undefined) {
    // An id that is not a uuid matches nothing (rather than an SQL error).
    if (!isUuid(filter.clientId)) return { total: 0, events: [] };
    conditions.push(eq(auditEvents.clientId, filter.clientId));
  }
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  const actor = filter.actor?.trim();
  if (actor) {
    const pattern = containing(actor);
    conditions.push(
      isUuid(actor)
        ? or(eq(auditEvents.actorUserId, actor), ilike(auditEvents.actorEmail, pattern))!
        : ilike(auditEvents.actorEmail, pattern),
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(where);
  const events = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(Math.min(Math.max(page.limit ?? 50, 1), MAX_PAGE))
    .offset(Math.max(page.offset ?? 0, 0));
  return { total: Number(count?.n ?? 0), events };
}

/**
 * Runs an action in a transaction and records its event in the same one: both happen or neither.
 * `event` sees the action's result; null records nothing (the action changed nothing).
 */
export function audited<T>(
  db: Db,
  actor: AuditActor,
  run: (tx: Db) => Promise<T>,
  event: (result: T) => AuditEvent | null,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await run(tx);
    const recorded = event(result);
    if (recorded) await recordAudit(tx, actor, recorded);
    return result;
  });
}

/** A short, stable fingerprint of a secret (an export token): tells tokens apart without keeping them. */
export function fingerprint(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 8);
}
