/**
 * The handler contract: every job ends in one final state exactly once.
 *
 * The queue delivers a job at least once, not exactly once. A handler can run twice for the same job
 * when a run fails and is retried, when a worker is killed (or its machine dies) in the middle of a run
 * (the job expires and runs again elsewhere), when a run outlives its expiry, or when the same item is
 * queued again. So a handler:
 *
 * 1. does its work in a way that is safe to repeat: outputs under a content hash (the same inputs write
 *    the same object), upserts rather than inserts, no side effect that cannot be repeated before the
 *    final write;
 * 2. writes its final state with ONE conditional update, in the same statement (or transaction) as any
 *    row that must exist once per final state (a counter, an event), e.g.
 *      update feed_creatives set status = 'generated', output_key = $key
 *       where feed_id = $feed and item_id = $item and status not in ('generated', 'failed', ...)
 *         [and input_hash = $hashTheJobWasFor   -- so a stale run cannot overwrite a newer request]
 *    A second run finds the row final and changes nothing; `writeFinalState` reports whether this run won;
 * 3. returns normally when it finds its item already final (nothing to do is success, not an error);
 * 4. throws to ask for a retry (a transient error); for a permanent error it writes the final failed
 *    state itself (conditionally, as above) and returns, since the queue's own `failed` state is only
 *    reached when the retries are exhausted;
 * 5. listens to `job.signal` in long steps: it aborts when the job exceeds its expiry or the worker stops.
 */
import { and, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/**
 * Sets `set` on the rows matched by `where` whose `status` is not yet one of `finalStates`. Returns true
 * when this call wrote the final state, false when the row was final already (another run won) or absent.
 * Pass a transaction as `db` to write other once-per-final-state rows atomically with it.
 */
export async function writeFinalState<T extends PgTable>(
  db: Pick<Db, 'update'>,
  table: T,
  args: {
    where: SQL | undefined;
    status: PgColumn;
    finalStates: readonly string[];
    set: PgUpdateSetSource<T>;
  },
): Promise<boolean> {
  const rows = await db
    .update(table)
    .set(args.set)
    .where(and(args.where, notInArray(args.status, [...args.finalStates])))
    .returning({ one: sql<number>`1` });
  return rows.length > 0;
}
