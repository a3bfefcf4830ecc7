/** The Meta sync's timings and sizes; tests shrink the waits and give a clock that only advances. */
import { DEFAULT_CHUNK_SIZES } from './chunks.js';
import { realSleep } from './graph-client.js';
import type { InsightsTuning } from './insights-fetch.js';

export interface MetaTuning extends InsightsTuning {
  /** Retries and backoff of rate-limited and transient calls (graph-client.ts). */
  rateLimitRetries: number;
  transientRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Meta restates recent days: each sync fetches again this many days before the last synced one. */
  restateDays: number;
  /** Breakdowns are fetched for at most the last this-many days of a range (they multiply the rows ~30 ×). */
  breakdownDays: number;
}

export const DEFAULT_TUNING: MetaTuning = {
  ...DEFAULT_CHUNK_SIZES,
  pageLimit: 500,
  pollIntervalMs: 5_000,
  stuckTimeoutMs: 120_000,
  jobTimeoutMs: 30 * 60_000,
  now: () => Date.now(),
  sleep: realSleep,
  rateLimitRetries: 6,
  transientRetries: 2,
  baseDelayMs: 2_000,
  maxDelayMs: 5 * 60_000,
  restateDays: 3,
  breakdownDays: 30,
};
