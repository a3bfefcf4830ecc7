/**
 * Comparison periods and time buckets. Days are ISO strings (the ad account's days, no time zone), so the
 * arithmetic is on UTC midnights and never shifts a day.
 */
import { invalidInput } from '../../../errors.js';
import { addDays, checkRange, daysBetween } from '../scope.js';

export type TimeGrain = 'DAY' | 'WEEK' | 'MONTH';

export interface DayRange {
  from: string;
  to: string;
}

/**
 * The period a range is compared with: the one asked for, or else the previous period of the same length
 * ending the day before `from` (1–30 Sep for 1–30 Oct... as days: 30 days back).
 */
export function comparisonPeriod(from: string, to: string, asked?: DayRange | null): DayRange {
  if (asked) {
    if (asked.from > asked.to)
      throw invalidInput(`The comparison period starts (${asked.from}) after it ends (${asked.to}).`);
    checkRange(asked.from, asked.to);
    return { from: asked.from, to: asked.to };
  }
  const length = daysBetween(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** The first day of the bucket holding `day`: itself, the Monday of its week, the 1st of its month. */
export function bucketStart(day: string, grain: TimeGrain): string {
  if (grain === 'DAY') return day;
  if (grain === 'MONTH') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The buckets of a range, in order, each labelled by its first day (the first may start before `from`). */
export function bucketsOf(from: string, to: string, grain: TimeGrain): string[] {
  const out: string[] = [];
  let start = bucketStart(from, grain);
  while (start <= to) {
    out.push(start);
    if (grain === 'DAY') start = addDays(start, 1);
    else if (grain === 'WEEK') start = addDays(start, 7);
    else {
      const d = new Date(`${start}T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + 1);
      start = d.toISOString().slice(0, 10);
    }
  }
  return out;
}
