/**
 * A connection of its own (not one of the pool's, which come and go), kept open for state that lives as long
 * as a session: a LISTEN (wake.ts), an advisory lock (liveness.ts). `setUp` runs on every new connection;
 * after an error the connection is made again a second later, until closed.
 */
import pg from 'pg';
import type { JobLogger } from './queue.js';

/** How long to wait before connecting again after the connection broke or could not be made. */
const RECONNECT_MS = 1000;

export interface DedicatedConnection {
  /** Settles once the first attempt has ended (set up, or failed and retrying). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function holdDedicatedConnection(
  pool: pg.Pool,
  options: {
    setUp(client: pg.Client): Promise<void>;
    log: JobLogger;
    /** Logged (warn) when an open connection breaks, and when one cannot be made. */
    lostMessage: string;
    failedMessage: string;
  },
): DedicatedConnection {
  const { log } = options;
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(pool.options);
    next.on('error', (err) => {
      log.warn({ err }, options.lostMessage);
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      schedule();
    });
    try {
      await next.connect();
      await options.setUp(next);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
    } catch (err) {
      log.warn({ err }, options.failedMessage);
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
