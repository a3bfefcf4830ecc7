/**
 * The performance chart (performanceTimeSeries): sums per bucket of days (day, week from Monday, month),
 * for the total and per campaign, over the range and the comparison period, from the campaign rollup.
 * Every bucket of the range is present (zeros where nothing ran), so the two periods align by index.
 */
import { sql } from 'drizzle-orm';
import { addSums, emptySums, type MetricSums } from '@adloom/commerce';
import type { Db } from '../../../db/client.js';
import { rowsOf, textArray } from '../../../db/rows.js';
import { scopeFilter, type AccountScope } from '../scope.js';
import { bucketStart, bucketsOf, comparisonPeriod, type DayRange, type TimeGrain } from './periods.js';
import { METRIC_SQL_SUMS, sumsFromRow } from './sql-metrics.js';
import { metricValues, type MetricValues } from './values.js';

export interface PerformancePointShape {
  day: string;
  values: MetricValues;
}
export interface PerformanceSeriesShape {
  key: string;
  label: string;
  points: PerformancePointShape[];
}
export interface PerformanceTimeSeriesShape {
  grain: TimeGrain;
  current: PerformanceSeriesShape[];
  comparison: PerformanceSeriesShape[];
  comparisonFrom: string;
  comparisonTo: string;
  currency: string | null;
}

export interface DailyRow {
  day: string;
  key: string;
  sums: MetricSums;
}

/** Sums daily rows into the range's buckets (every bucket present, in order). */
export function bucketize(
  rows: readonly { day: string; sums: MetricSums }[],
  from: string,
  to: string,
  grain: TimeGrain,
): PerformancePointShape[] {
  const byBucket = new Map(bucketsOf(from, to, grain).map((b) => [b, emptySums()]));
  for (const r of rows) {
    const b = bucketStart(r.day, grain);
    const sums = byBucket.get(b);
    if (sums) byBucket.set(b, addSums(sums, r.sums));
  }
  return [...byBucket.entries()].map(([day, sums]) => ({ day, values: metricValues(sums) }));
}

async function dailyRows(db: Db, scope: AccountScope, range: DayRange, byCampaign: boolean) {
  if (scope.accountIds.length === 0) return [];
  const key = byCampaign ? sql`r.campaign_id::text` : sql`'total'`;
  const rows = rowsOf<Record<string, unknown> & { day: string; key: string }>(
    await db.execute(sql`
      select r.day::text as day, ${key} as key, ${METRIC_SQL_SUMS('r')}
      from ad_insights_campaign_daily r
      where ${scopeFilter(scope, 'r')} and r.day between ${range.from} and ${range.to}
      group by 1, 2`),
  );
  return rows.map((r): DailyRow => ({ day: r.day, key: r.key, sums: sumsFromRow(r) }));
}

export async function timeSeries(
  db: Db,
  scope: AccountScope,
  grain: TimeGrain,
  opts: { comparison?: DayRange | null; splitByCampaign?: boolean | null },
): Promise<PerformanceTimeSeriesShape> {
  const period = comparisonPeriod(scope.from, scope.to, opts.comparison);
  const split = !!opts.splitByCampaign;
  const [rows, previousRows] = await Promise.all([
    dailyRows(db, scope, scope, split),
    dailyRows(db, scope, period, false),
  ]);
  const current: PerformanceSeriesShape[] = [
    { key: 'total', label: 'Total', points: bucketize(rows, scope.from, scope.to, grain) },
  ];
  if (split) {
    const keys = [...new Set(rows.map((r) => r.key))];
    const names = await campaignNames(db, scope.clientId, keys);
    const series = keys.map((key) => ({
      key,
      label: names.get(key) ?? key,
      points: bucketize(
        rows.filter((r) => r.key === key),
        scope.from,
        scope.to,
        grain,
      ),
    }));
    series.sort((a, b) => a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
    current.push(...series);
  }
  return {
    grain,
    current,
    comparison: [
      { key: 'total', label: 'Total', points: bucketize(previousRows, period.from, period.to, grain) },
    ],
    comparisonFrom: period.from,
    comparisonTo: period.to,
    currency: scope.currency,
  };
}

/** Names of the client's campaigns by id. */
export async function campaignNames(db: Db, clientId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`
      select c.id::text as id, c.name from ad_campaigns c
      where c.client_id = ${clientId} and c.id::text = any(${textArray(ids)})`),
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
