/**
 * Which job-working processes are alive, so that the jobs of a dead one (SIGKILL, a lost machine) run
 * again within seconds instead of after their expiry (5 minutes for a creative, 4 hours for an import).
 *
 * - Each queue that works jobs holds a session-level advisory lock, (LIVENESS_LOCK_CLASS, its key), on a
 *   connection of its own for as long as it runs. PostgreSQL releases the lock when that session ends,
 *   however the process ended; no heartbeat has to be written.
 * - The jobs it fetches are stamped with its key (`output.worker` while they are active; completing or
 *   failing a job replaces the output) by the statement that fetches them (queue.ts: fetchNext,
 *   fetchGrouped), never by a later one: a process killed between a fetch and a separate stamp left jobs
 *   active and nobody's, which only their expiry ended (4 hours for an import, with its client's next
 *   imports waiting behind it).
 * - A sweep, every few seconds in every working process, looks for active jobs whose stamp names a key
 *   that no session holds and fails them through pg-boss (`fail`): they are retried, or go to their dead
 *   letter on the last attempt, exactly as after an expiry. Only a job made active by other means (an
 *   older version's fetch, a hand edit) and left without a stamp waits for its expiry.
 *
 * A process whose lock connection breaks takes the lock again when it reconnects; meanwhile another may
 * fail its running jobs, which then run twice: the queue delivers at least once, handlers are idempotent.
 */
import type pg from 'pg';
import { holdDedicatedConnection } from './dedicated-connection.js';
import type { JobLogger } from './queue.js';

/** The advisory lock class of job-working processes (any int4 no other code uses: 'ADLW'). */
export const LIVENESS_LOCK_CLASS = 0x41444c57;

export interface Liveness {
  /** This process's key (the lock's second half), stamped on the jobs it fetches (by their fetch). */
  key: number;
  /** Settles once the lock was taken (or the first attempt failed; it keeps trying). */
  ready: Promise<void>;
  /** The active jobs of dead processes, by queue name. */
  orphans(schema: string): Promise<Map<string, string[]>>;
  close(): Promise<void>;
}

export function holdLiveness(pool: pg.Pool, log: JobLogger): Liveness {
  // A random positive int4: two processes drawing the same key is 1 in 2^31 per pair.
  const key = 1 + Math.floor(Math.random() * 0x7ffffffe);
  const lock = holdDedicatedConnection(pool, {
    setUp: async (client) => {
      await client.query('SELECT pg_advisory_lock($1, $2)', [LIVENESS_LOCK_CLASS, key]);
    },
    log,
    lostMessage: 'job liveness lock lost its connection; taking it again',
    failedMessage: 'job liveness lock could not be taken; trying again',
  });

  return {
    key,
    ready: lock.ready,
    async orphans(schema) {
      const { rows } = await pool.query<{ name: string; id: string }>(
        `SELECT j.name, j.id FROM ${schema}.job j
          WHERE j.state = 'active' AND jsonb_typeof(j.output -> 'worker') = 'number'
            -- A margin: a job is judged once it has run for 10 seconds (its fetch stamped it already).
            AND j.started_on < now() - interval '10 seconds'
            AND NOT EXISTS (
              SELECT 1 FROM pg_locks l
               WHERE l.locktype = 'advisory' AND l.granted
                 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                 AND l.classid = $1::int::oid AND l.objsubid = 2
                 AND l.objid = (j.output ->> 'worker')::bigint::oid)`,
        [LIVENESS_LOCK_CLASS],
      );
      const byName = new Map<string, string[]>();
      for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.id]);
      return byName;
    },
    close: () => lock.close(),
  };
}
