/**
 * Waking idle workers in other processes when jobs are sent (PostgreSQL's LISTEN/NOTIFY).
 *
 * Workers poll for jobs every `pollingIntervalMs` while idle; a send in the same process wakes that
 * process's workers at once. Without this, a job sent by the web process waits up to one polling interval
 * before a `npm run worker` process sees it (a builder preview, the first job of a feed). With it, every
 * send also notifies the channel, and each queue that has workers listens on it and wakes the workers of
 * the named queue. Polling stays the fallback: a lost notification (the listener reconnecting, a send
 * from a process without this code) only costs the wait it would have cost anyway.
 */
import type pg from 'pg';
import { holdDedicatedConnection } from './dedicated-connection.js';
import type { JobLogger } from './queue.js';

/** Notifications are per queue schema, so queues in other schemas (tests) do not wake each other. */
export function wakeChannel(schema: string): string {
  return `adloom_jobs_${schema.replace(/[^a-z0-9_]/gi, '_')}`.slice(0, 63);
}

export interface WakeListener {
  /** Settles once the first attempt to listen has ended (listening, or polling until a retry works). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens on `channel` with a connection of its own (not one of the pool's, which are for queries) and
 * calls `onWake(payload)` for each notification; reconnects after errors until closed.
 */
export function listenForWakes(
  pool: pg.Pool,
  channel: string,
  onWake: (payload: string) => void,
  log: JobLogger,
): WakeListener {
  return holdDedicatedConnection(pool, {
    async setUp(client) {
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload) onWake(message.payload);
      });
      await client.query(`LISTEN ${channel}`);
    },
    log,
    lostMessage: 'job wake-up listener lost its connection; polling until it is back',
    failedMessage: 'job wake-up listener could not connect; polling until it can',
  });
}
