/**
 * Days as exports write them: ISO ("2026-03-01", Ads Manager's own), or day/month/year in French and Spanish
 * files and month/day/year in English ones when a spreadsheet rewrote them; an Excel date cell arrives as a
 * Date. Pure.
 */
import type { Language } from './aliases.js';

function iso(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/** The ISO day a cell names, or null when it names none. */
export function readDay(cell: string | Date | number | null | undefined, language: Language): string | null {
  if (cell instanceof Date)
    return Number.isNaN(cell.getTime())
      ? null
      : iso(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
  if (typeof cell === 'number') return null;
  const text = (cell ?? '').trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    return language === 'en' ? iso(Number(m[3]), a, b) : iso(Number(m[3]), b, a);
  }
  return null;
}
