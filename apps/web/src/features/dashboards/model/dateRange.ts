/**
 * Date ranges of the dashboards: ISO days (YYYY-MM-DD, both ends included) as the server's `Date` scalar
 * takes them, the presets of the range picker and the comparison period. Day arithmetic runs in UTC on
 * purpose: an ISO day has no time zone, so no daylight-saving change can move a day.
 */

export interface DayRange {
  from: string;
  to: string;
}

export const DATE_PRESETS = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'last7', label: 'Last 7 days' },
  { value: 'last14', label: 'Last 14 days' },
  { value: 'last30', label: 'Last 30 days' },
  { value: 'last90', label: 'Last 90 days' },
  { value: 'thisMonth', label: 'This month' },
  { value: 'lastMonth', label: 'Last month' },
  { value: 'custom', label: 'Custom range' },
] as const;

export type DatePreset = (typeof DATE_PRESETS)[number]['value'];

/** The range shown when the URL names none. */
export const DEFAULT_PRESET: DatePreset = 'last30';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a real ISO day (2026-02-30 is not). */
export function isIsoDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

function toUtc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function toDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The ISO day `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  const date = toUtc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

/** Days in a range, both ends counted. */
export function rangeLength(range: DayRange): number {
  return Math.round((toUtc(range.to).getTime() - toUtc(range.from).getTime()) / 86_400_000) + 1;
}

/** Today in the browser's own calendar, as an ISO day. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The range a preset names on `today`; null for the custom range, which the user picks. */
export function presetRange(preset: DatePreset, today: string): DayRange | null {
  // As in Ads Manager, "last N days" are the N whole days before today: today's figures are still coming
  // in (and synced once a day), and a half day at the end would read as a drop on every chart.
  const lastDays = (n: number) => ({ from: addDays(today, -n), to: addDays(today, -1) });
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'last7':
      return lastDays(7);
    case 'last14':
      return lastDays(14);
    case 'last30':
      return lastDays(30);
    case 'last90':
      return lastDays(90);
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      const lastOfPrevious = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
    }
    case 'custom':
      return null;
  }
}

/** The preset whose range on `today` is exactly `range`, else `custom`. */
export function presetOf(range: DayRange, today: string): DatePreset {
  const found = DATE_PRESETS.find(({ value }) => {
    const candidate = presetRange(value, today);
    return candidate && candidate.from === range.from && candidate.to === range.to;
  });
  return found?.value ?? 'custom';
}

/** The period of the same length that ends the day before `range` starts (what the server compares with). */
export function previousPeriod(range: DayRange): DayRange {
  const length = rangeLength(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

// Written by hand: Intl's en-GB writes "Sept", and the dashboards write "Sep" like Ads Manager.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayOnly = (day: string) => String(Number(day.slice(8, 10)));
const dayMonth = (day: string) => `${dayOnly(day)} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
const dayMonthYear = (day: string) => `${dayMonth(day)} ${day.slice(0, 4)}`;

/** One day as people read it: "1 Sep 2026". */
export function formatDay(day: string): string {
  return dayMonthYear(day);
}

/** A range as people read it, without repeating the month or year: "1–30 Sep 2026", "28 Aug – 3 Sep 2026". */
export function formatRange(range: DayRange): string {
  if (range.from === range.to) return formatDay(range.from);
  const { from, to } = range;
  if (from.slice(0, 7) === to.slice(0, 7)) return `${dayOnly(from)}–${dayMonthYear(to)}`;
  if (from.slice(0, 4) === to.slice(0, 4)) return `${dayMonth(from)} – ${dayMonthYear(to)}`;
  return `${dayMonthYear(from)} – ${dayMonthYear(to)}`;
}
