/** Small helpers for raw SQL through Drizzle's `execute`, the same on node-postgres and PGlite. */
import { sql, type SQL } from 'drizzle-orm';

/** The rows of a raw query's result. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A `text[]` literal of parameters (`array[$1, $2]::text[]`; an empty array when there are none). */
export function textArray(values: readonly string[]): SQL {
  return values.length === 0
    ? sql`array[]::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;
}
