/**
 * How a range of days is fetched: up to SYNC_MAX_DAYS in synchronous GET /insights calls; longer ranges in
 * asynchronous report runs of ASYNC_WINDOW_DAYS each (one report per window keeps a report's size bounded);
 * a report run that fails or sticks falls back to synchronous chunks of FALLBACK_DAYS.
 */
import { addDays, daysBetween } from './days.js';

export interface DayRange {
  since: string;
  until: string;
}

export interface ChunkPlan extends DayRange {
  mode: 'sync' | 'async';
}

export interface ChunkSizes {
  syncMaxDays: number;
  asyncWindowDays: number;
  fallbackDays: number;
}

export const DEFAULT_CHUNK_SIZES: ChunkSizes = { syncMaxDays: 31, asyncWindowDays: 90, fallbackDays: 7 };

/** Consecutive ranges of at most `size` days covering the range, oldest first. */
export function splitRange(range: DayRange, size: number): DayRange[] {
  const out: DayRange[] = [];
  for (let since = range.since; since <= range.until; since = addDays(since, size)) {
    const until = addDays(since, size - 1);
    out.push({ since, until: until < range.until ? until : range.until });
  }
  return out;
}

export function planChunks(range: DayRange, sizes: ChunkSizes = DEFAULT_CHUNK_SIZES): ChunkPlan[] {
  if (daysBetween(range.since, range.until) + 1 <= sizes.syncMaxDays) return [{ ...range, mode: 'sync' }];
  return splitRange(range, sizes.asyncWindowDays).map((r) => ({ ...r, mode: 'async' }));
}
