/** ISO days (YYYY-MM-DD) as whole days since 1970-01-01, the fake's calendar. */

const DAY_MS = 86_400_000;

export function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

export function dayString(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function isDay(value: unknown): value is string {
  return (
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayString(dayNumber(value)) === value
  );
}
