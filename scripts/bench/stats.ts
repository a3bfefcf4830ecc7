/** Small statistics and formatting helpers of the benchmark scripts. */

/** The value at quantile q (0 to 1) of the samples, nearest rank. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) throw new Error('quantile of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const median = (samples: readonly number[]): number => quantile(samples, 0.5);

/** Rounded to one decimal, for the JSON line. */
export const round1 = (value: number): number => Math.round(value * 10) / 10;

/** Milliseconds since `started` (a performance.now() reading). */
export const since = (started: number): number => performance.now() - started;

/** Left-aligned columns, each as wide as its widest cell. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
