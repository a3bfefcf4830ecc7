/** Which days a sync of an ad account fetches: the backfill when never synced, else the restated recent days. */
import { addDays, todayIn } from './days.js';
import type { DayRange } from './chunks.js';

export function syncRange(
  account: { timeZone: string; lastSyncedAt: Date | null },
  backfillDays: number,
  restateDays: number,
  now: Date = new Date(),
): DayRange {
  const today = todayIn(account.timeZone, now);
  if (!account.lastSyncedAt) return { since: addDays(today, -(backfillDays - 1)), until: today };
  const lastSynced = todayIn(account.timeZone, account.lastSyncedAt);
  const since = addDays(lastSynced < today ? lastSynced : today, -restateDays);
  return { since, until: today };
}
