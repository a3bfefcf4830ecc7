/** The overview tiles: the range's totals against the comparison period's (performanceComparison). */
import type { Db } from '../../../db/client.js';
import type { AccountScope } from '../scope.js';
import { comparisonPeriod, type DayRange } from './periods.js';
import { summarize, type PerformanceSummary } from './summary.js';

export interface PerformanceComparisonShape {
  current: PerformanceSummary;
  previous: PerformanceSummary;
  previousFrom: string;
  previousTo: string;
}

/** Both periods read the same accounts (those of the current range's currency), from the campaign rollup. */
export async function compare(
  db: Db,
  scope: AccountScope,
  asked?: DayRange | null,
): Promise<PerformanceComparisonShape> {
  const period = comparisonPeriod(scope.from, scope.to, asked);
  const [current, previous] = await Promise.all([
    summarize(db, scope),
    summarize(db, { ...scope, from: period.from, to: period.to }),
  ]);
  return { current, previous, previousFrom: period.from, previousTo: period.to };
}
