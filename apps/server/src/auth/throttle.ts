import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authThrottles } from '../db/schema.js';

/**
 * Counters kept in the database, so that every web process shares them. Each statement is one atomic
 * upsert: concurrent requests, in one process or many, cannot slip past a limit between a read and a write.
 */

/** Locks a key out after `max` attempts, for `baseMs` doubling with each further attempt. */
export interface LockoutPolicy {
  max: number;
  baseMs: number;
  /** The longest lock. */
  capMs: number;
  /** A key quiet this long after its last attempt (or the end of its lock) starts counting afresh. */
  forgetMs: number;
}

/** At most `max` counted events per `windowMs` window. */
export interface WindowPolicy {
  max: number;
  windowMs: number;
}

export type ThrottleAnswer = { ok: true } | { ok: false; retryAfterMs: number };

const ms = (value: number) => sql`(${Math.round(value)}::double precision * interval '1 millisecond')`;

/**
 * Counts an attempt on `key` before it is made (so a burst of parallel requests is counted too), or
 * refuses it while the key is locked. The attempt that reaches `max` sets the lock; each later one
 * doubles it. Call {@link attemptSucceeded} when the attempt turns out not to be a failed guess.
 */
export async function reserveAttempt(db: Db, key: string, policy: LockoutPolicy): Promise<ThrottleAnswer> {
  const stale = sql`greatest(${authThrottles.lastAt}, coalesce(${authThrottles.lockedUntil}, ${authThrottles.lastAt})) < now() - ${ms(policy.forgetMs)}`;
  const count = sql`(case when ${stale} then 1 else ${authThrottles.count} + 1 end)`;
  // The exponent is clamped so that a key counted for weeks cannot overflow the arithmetic.
  const lock = (n: ReturnType<typeof sql>) =>
    sql`case when ${n} >= ${policy.max}::int then now() + least(${policy.baseMs}::double precision * power(2, least(${n} - ${policy.max}::int, 40)), ${policy.capMs}::double precision) * interval '1 millisecond' end`;
  const rows = await db
    .insert(authThrottles)
    .values({
      key,
      count: 1,
      firstAt: sql`now()`,
      lastAt: sql`now()`,
      lockedUntil: lock(sql`1`),
    })
    .onConflictDoUpdate({
      target: authThrottles.key,
      set: { count, lastAt: sql`now()`, lockedUntil: lock(count) },
      setWhere: sql`${authThrottles.lockedUntil} is null or ${authThrottles.lockedUntil} <= now()`,
    })
    .returning({ count: authThrottles.count });
  if (rows.length > 0) return { ok: true };
  return { ok: false, retryAfterMs: await lockRemainingMs(db, key) };
}

async function lockRemainingMs(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({
      remaining: sql<number>`greatest(extract(epoch from (${authThrottles.lockedUntil} - now())) * 1000, 1000)`,
    })
    .from(authThrottles)
    .where(eq(authThrottles.key, key));
  return Math.ceil(Number(row?.remaining ?? 1000));
}

/**
 * The reserved attempt was not a failed guess. `forget` clears the key (an account whose password was
 * given); otherwise only this attempt is taken back, and a lock stays if failures alone had reached it.
 */
export async function attemptSucceeded(
  db: Db,
  key: string,
  policy: LockoutPolicy,
  forget: boolean,
): Promise<void> {
  if (forget) {
    await db.delete(authThrottles).where(eq(authThrottles.key, key));
    return;
  }
  await db
    .update(authThrottles)
    .set({
      count: sql`greatest(${authThrottles.count} - 1, 0)`,
      lockedUntil: sql`case when ${authThrottles.count} - 1 < ${policy.max}::int then null else ${authThrottles.lockedUntil} end`,
    })
    .where(eq(authThrottles.key, key));
}

/** Clears a key outright (a password reset unlocks the account it proves). */
export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.delete(authThrottles).where(eq(authThrottles.key, key));
}

/** Counts one event on `key` in its current window; refuses past `max` until the window ends. */
export async function countInWindow(db: Db, key: string, policy: WindowPolicy): Promise<ThrottleAnswer> {
  const expired = sql`${authThrottles.firstAt} <= now() - ${ms(policy.windowMs)}`;
  const [row] = await db
    .insert(authThrottles)
    .values({ key, count: 1, firstAt: sql`now()`, lastAt: sql`now()` })
    .onConflictDoUpdate({
      target: authThrottles.key,
      set: {
        count: sql`case when ${expired} then 1 else ${authThrottles.count} + 1 end`,
        firstAt: sql`case when ${expired} then now() else ${authThrottles.firstAt} end`,
        lastAt: sql`now()`,
      },
    })
    .returning({
      count: authThrottles.count,
      remaining: sql<number>`extract(epoch from (${authThrottles.firstAt} + ${ms(policy.windowMs)} - now())) * 1000`,
    });
  if (!row || row.count <= policy.max) return { ok: true };
  return { ok: false, retryAfterMs: Math.max(1000, Math.ceil(Number(row.remaining))) };
}

/** Drops counters nobody has touched for two days (every policy forgets sooner). */
export async function purgeStaleThrottles(db: Db): Promise<void> {
  await db
    .delete(authThrottles)
    .where(
      sql`greatest(${authThrottles.lastAt}, coalesce(${authThrottles.lockedUntil}, ${authThrottles.lastAt})) < now() - interval '2 days'`,
    );
}
