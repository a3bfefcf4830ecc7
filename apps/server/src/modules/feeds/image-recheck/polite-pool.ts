/**
 * Requests to many hosts, politely: at most `concurrency` at once overall, at most `perHost` at once to
 * one host, at least `gapMs` between the starts of two requests to one host, and a host that answers
 * "later" (HTTP 429 or 503 with Retry-After) is left alone until then, its other requests waiting while
 * the other hosts go on. Hosts take turns, so one big CDN does not hold up the rest. The clock is a
 * parameter, so tests run the waits in virtual time.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Time as the pool reads and waits for it (ms). */
export interface PoolClock {
  now(): number;
  /** Resolves once `ms` have passed, or at once when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: PoolClock = {
  now: () => performance.now(),
  sleep: (ms, signal) => sleep(ms, undefined, signal ? { signal } : undefined).catch(() => undefined),
};

/** A request's answer that asks to come back later: the pool tries it again after `retryAfterMs`. */
export interface Throttled {
  throttled: true;
  /** What the host asked for (Retry-After), or undefined when it did not say. */
  retryAfterMs: number | undefined;
  reason: string;
}

export interface PoolOptions<T, R> {
  /** The host a request goes to (requests to one host share its limits). */
  hostOf: (item: T) => string;
  /** Makes one request. Rejecting stops the pool (after the running requests end) with that error. */
  run: (item: T) => Promise<R | Throttled>;
  /** Each request's final answer; a request throttled once too often ends with `gaveUp`. */
  onResult: (item: T, result: R | { gaveUp: Throttled }) => void | Promise<void>;
  concurrency: number;
  perHost: number;
  gapMs: number;
  /** Throttled answers one request may get before it is given up (default 3). */
  maxThrottles?: number;
  /** A Retry-After longer than this gives up the host's requests for this run (default 10 minutes). */
  maxRetryAfterMs?: number;
  /** The wait after a 429 or 503 that named none (default 30 s). */
  defaultRetryAfterMs?: number;
  clock?: PoolClock;
  /** Stops starting requests; the pool resolves once the running ones have ended. */
  signal?: AbortSignal;
}

interface Host<T> {
  waiting: { item: T; throttles: number }[];
  running: number;
  /** The earliest moment its next request may start (the gap, or a Retry-After). */
  nextStart: number;
}

const DEFAULTS = { maxThrottles: 3, maxRetryAfterMs: 10 * 60_000, defaultRetryAfterMs: 30_000 };

const isThrottled = (value: unknown): value is Throttled =>
  typeof value === 'object' && value !== null && (value as Throttled).throttled === true;

function wholePositive(name: string, value: number): void {
  if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`${name} must be a whole number above 0`);
}

/** Runs every item's request under the pool's limits; resolves when each has its result. */
export function runPolitely<T, R>(items: readonly T[], options: PoolOptions<T, R>): Promise<void> {
  const { concurrency, perHost, gapMs, hostOf, run, onResult, signal } = options;
  wholePositive('concurrency', concurrency);
  wholePositive('perHost', perHost);
  if (!(gapMs >= 0)) throw new RangeError('gapMs must be 0 or more');
  const maxThrottles = options.maxThrottles ?? DEFAULTS.maxThrottles;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs;
  const defaultRetryAfterMs = options.defaultRetryAfterMs ?? DEFAULTS.defaultRetryAfterMs;
  const clock = options.clock ?? realClock;

  const hosts = new Map<string, Host<T>>();
  for (const item of items) {
    const key = hostOf(item);
    const host = hosts.get(key) ?? { waiting: [], running: 0, nextStart: -Infinity };
    host.waiting.push({ item, throttles: 0 });
    hosts.set(key, host);
  }
  const turns = [...hosts.values()];
  let cursor = 0;
  let running = 0;
  let failed: { error: unknown } | undefined;
  /** Wake-ups asked of the clock and not yet fired, by the moment they fire. */
  const wakes = new Set<number>();

  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const stopped = () => failed !== undefined || signal?.aborted === true;
    const ready = (host: Host<T>, now: number) =>
      host.waiting.length > 0 && host.running < perHost && host.nextStart <= now;

    const pump = () => {
      if (settled) return;
      const now = clock.now();
      // Start what may start, one host at a time in turn.
      while (!stopped() && running < concurrency) {
        let picked: Host<T> | undefined;
        for (let step = 0; step < turns.length; step += 1) {
          const host = turns[(cursor + step) % turns.length]!;
          if (ready(host, now)) {
            picked = host;
            cursor = (cursor + step + 1) % turns.length;
            break;
          }
        }
        if (!picked) break;
        start(picked, now);
      }
      const left = turns.some((host) => host.waiting.length > 0);
      if (running === 0 && (stopped() || !left)) {
        settled = true;
        if (failed) reject(failed.error);
        else resolve();
        return;
      }
      if (stopped() || running >= concurrency) return;
      // Hosts held back only by time: wake up when the first of them may go.
      let first = Infinity;
      for (const host of turns)
        if (host.waiting.length > 0 && host.running < perHost) first = Math.min(first, host.nextStart);
      if (first === Infinity || first <= now) return;
      if ([...wakes].some((at) => at <= first)) return;
      wakes.add(first);
      void clock.sleep(first - now, signal).then(() => {
        wakes.delete(first);
        pump();
      });
    };

    const start = (host: Host<T>, now: number) => {
      const entry = host.waiting.shift()!;
      host.running += 1;
      running += 1;
      host.nextStart = Math.max(host.nextStart, now + gapMs);
      void (async () => {
        try {
          const result = await run(entry.item);
          if (isThrottled(result)) {
            const wait = result.retryAfterMs ?? defaultRetryAfterMs;
            entry.throttles += 1;
            if (entry.throttles > maxThrottles || wait > maxRetryAfterMs) {
              // Not now: this request and the host's others are left for the next run.
              const givenUp = [entry, ...host.waiting.splice(0)];
              for (const { item } of givenUp) if (!stopped()) await onResult(item, { gaveUp: result });
            } else {
              host.waiting.unshift(entry);
              host.nextStart = Math.max(host.nextStart, clock.now() + wait);
            }
          } else if (!stopped()) await onResult(entry.item, result);
        } catch (error) {
          failed ??= { error };
        } finally {
          host.running -= 1;
          running -= 1;
          pump();
        }
      })();
    };

    pump();
  });
}
