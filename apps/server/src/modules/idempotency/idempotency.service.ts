import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';
import { DomainError, invalidInput } from '../../errors.js';

/** How long a key is remembered. */
export const KEY_HOURS = 24;

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;

/** Whose key, for which operation. Keys of different users, clients or operations never meet. */
export interface IdempotencyScope {
  clientId: string | null;
  userId: string;
  /** The mutation, e.g. `createFeed`. */
  operation: string;
  /** The key the client sent; without one the operation simply runs. */
  key: string | null | undefined;
}

export interface OnceResult<T> {
  value: T;
  /** True when this was a repeat: `value` is what the first request created. */
  replayed: boolean;
}

/**
 * Runs `create` in one transaction, at most once per key. The first request inserts the key, creates in the same
 * transaction and stores the created id; a repeat, even one racing the first, waits on the key's unique
 * constraint until the first commits and then reads the first result back with `load`. A first request
 * that fails leaves no key, so a retry with it creates. Keys older than {@link KEY_HOURS} hours are
 * forgotten (a repeat after that creates again).
 */
export async function once<T>(
  db: Db,
  scope: IdempotencyScope,
  create: (tx: Db) => Promise<T>,
  idOf: (value: T) => string,
  load: (db: Db, id: string) => Promise<T | null | undefined>,
): Promise<OnceResult<T>> {
  // Without a key the creation still runs in one transaction: it is all or nothing either way.
  if (scope.key === null || scope.key === undefined)
    return { value: await db.transaction((tx) => create(tx)), replayed: false };
  if (!KEY_PATTERN.test(scope.key))
    throw invalidInput('The idempotency key must be 1 to 200 letters, digits or - _ . : characters.');
  const where = and(
    scope.clientId === null ? isNull(idempotencyKeys.clientId) : eq(idempotencyKeys.clientId, scope.clientId),
    eq(idempotencyKeys.userId, scope.userId),
    eq(idempotencyKeys.operation, scope.operation),
    eq(idempotencyKeys.key, scope.key),
  );
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        clientId: scope.clientId,
        userId: scope.userId,
        operation: scope.operation,
        key: scope.key!,
      })
      .onConflictDoUpdate({
        target: [
          idempotencyKeys.clientId,
          idempotencyKeys.userId,
          idempotencyKeys.operation,
          idempotencyKeys.key,
        ],
        // A forgotten key (older than the retention) is claimed afresh.
        set: { resultId: null, createdAt: sql`now()` },
        setWhere: lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEY_HOURS})`),
      })
      .returning({ id: idempotencyKeys.id });
    if (claimed.length > 0) {
      const value = await create(tx);
      await tx
        .update(idempotencyKeys)
        .set({ resultId: idOf(value) })
        .where(eq(idempotencyKeys.id, claimed[0]!.id));
      return { value, replayed: false };
    }
    const [first] = await tx
      .select({ resultId: idempotencyKeys.resultId })
      .from(idempotencyKeys)
      .where(where);
    const value = first?.resultId ? await load(tx, first.resultId) : null;
    if (value === null || value === undefined)
      throw new DomainError(
        'ALREADY_CREATED',
        'This was already created by an earlier request, and has since been deleted.',
      );
    return { value, replayed: true };
  });
}

/** Forgets keys past their retention; run from time to time. */
export async function purgeIdempotencyKeys(db: Db): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEY_HOURS})`))
    .returning({ id: idempotencyKeys.id });
  return rows.length;
}
