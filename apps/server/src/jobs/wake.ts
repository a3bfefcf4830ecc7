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
import pg from 'pg';
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

/** How long to wait before listening again after the connection broke. */
const RECONNECT_MS = 1000;

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
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) onWake(message.payload);
    });
    next.on('error', (err) => {
      log.warn({ err }, 'job wake-up listener lost its connection; polling until it is back');
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
    } catch (err) {
      log.warn({ err }, 'job wake-up listener could not connect; polling until it can');
      await next.end().catch(() => undefined);
      schedule();
    }
  };
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, RECONNECT_MS);
    timer.unref();
  };

  return {
    ready: connect(),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
