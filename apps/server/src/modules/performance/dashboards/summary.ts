/** Totals of a range for the overview tiles (adPerformanceSummary), from the campaign rollup. */
import { sql } from 'drizzle-orm';
import { derivedMetrics, emptySums, type MetricSums } from '@adloom/commerce';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { scopeFilter, type AccountScope } from '../scope.js';
import { METRIC_SQL_SUMS, sumsFromRow } from './sql-metrics.js';

export interface PerformanceSummary extends MetricSums {
  currency: string | null;
  ctr: number | null;
  cpc: number | null;
  cpm: number | null;
  cpa: number | null;
  roas: number | null;
  aov: number | null;
  cvr: number | null;
  frequency: number | null;
  hookRate: number | null;
  holdRate: number | null;
  /** Days of the range with data. */
  days: number;
}

/** The summed metrics of the scope's accounts over its range. */
export async function summarize(db: Db, scope: AccountScope): Promise<PerformanceSummary> {
  let sums: MetricSums = emptySums();
  let days = 0;
  if (scope.accountIds.length > 0) {
    const [row] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select ${METRIC_SQL_SUMS('r')}, count(distinct r.day)::int as days
        from ad_insights_campaign_daily r
        where ${scopeFilter(scope, 'r')} and r.day between ${scope.from} and ${scope.to}`),
    );
    if (row) {
      sums = sumsFromRow(row);
      days = Number(row.days ?? 0);
    }
  }
  return { ...sums, ...derivedMetrics(sums), currency: scope.currency, days };
}
