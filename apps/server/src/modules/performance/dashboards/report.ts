/**
 * The detailed report (performanceReport and its CSV): rows by one or two dimensions with every metric,
 * sorted and paged in SQL, and the totals of all rows. Campaign, ad set, ad and day read ad_insights_daily
 * joined with the ads, ad sets and campaigns; a breakdown (age, gender, country, placement, device,
 * product) reads ad_insights_breakdowns, whose rows are per breakdown, so at most one breakdown per report.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DERIVED_FORMULAS, isDerivedMetric, METRICS, type Breakdown, type MetricKey } from '@adloom/commerce';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { invalidInput } from '../../../errors.js';
import { scopeFilter, type AccountScope } from '../scope.js';
import { breakdownLabel } from './breakdown.js';
import { METRIC_COLUMNS, METRIC_SQL_SUMS, sumsFromRow } from './sql-metrics.js';
import { emptyValues, metricValues, type MetricValues } from './values.js';

export const REPORT_DIMENSIONS = [
  'CAMPAIGN',
  'AD_SET',
  'AD',
  'DAY',
  'AGE',
  'GENDER',
  'COUNTRY',
  'PLACEMENT',
  'DEVICE',
  'PRODUCT_ID',
] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

export const DIMENSION_LABELS: Record<ReportDimension, string> = {
  CAMPAIGN: 'Campaign',
  AD_SET: 'Ad set',
  AD: 'Ad',
  DAY: 'Day',
  AGE: 'Age',
  GENDER: 'Gender',
  COUNTRY: 'Country',
  PLACEMENT: 'Placement',
  DEVICE: 'Device',
  PRODUCT_ID: 'Product',
};

const BREAKDOWN_DIMENSIONS: Partial<Record<ReportDimension, Breakdown>> = {
  AGE: 'age',
  GENDER: 'gender',
  COUNTRY: 'country',
  PLACEMENT: 'placement',
  DEVICE: 'device',
  PRODUCT_ID: 'product_id',
};

export interface ReportQuery {
  dimensions: readonly ReportDimension[];
  sortBy?: MetricKey | null;
  sortDesc?: boolean | null;
  offset?: number | null;
  limit?: number | null;
}

export interface ReportRowShape {
  keys: string[];
  labels: string[];
  values: MetricValues;
}

export interface PerformanceReportShape {
  rows: ReportRowShape[];
  total: number;
  totals: MetricValues;
  currency: string | null;
}

export const MAX_REPORT_PAGE = 1000;

/** Checks the dimensions: one or two, different, at most one breakdown. */
export function checkDimensions(dimensions: readonly ReportDimension[]): void {
  if (dimensions.length < 1 || dimensions.length > 2)
    throw invalidInput(`A report has one or two row dimensions (got ${dimensions.length}).`);
  if (new Set(dimensions).size !== dimensions.length)
    throw invalidInput(`The report's two dimensions are the same (${dimensions[0]}).`);
  const breakdowns = dimensions.filter((d) => BREAKDOWN_DIMENSIONS[d]);
  if (breakdowns.length > 1)
    throw invalidInput(
      `Breakdowns are stored one at a time, so a report crosses at most one (got ${breakdowns.join(' and ')}).`,
    );
}

/** The key and label SQL of a dimension (`f` is the fact table alias: d for daily rows, b for breakdowns). */
function dimensionSql(d: ReportDimension, f: string): { key: SQL; label: SQL } {
  switch (d) {
    case 'CAMPAIGN':
      return { key: sql`a.campaign_id::text`, label: sql`c.name` };
    case 'AD_SET':
      return { key: sql`a.ad_set_id::text`, label: sql`s.name` };
    case 'AD':
      return { key: sql`a.id::text`, label: sql`a.name` };
    case 'DAY':
      return { key: sql.raw(`${f}.day::text`), label: sql.raw(`${f}.day::text`) };
    default:
      return { key: sql`b.value`, label: sql`b.value` };
  }
}

/** The SQL of a metric over the grouped rows: a sum, or a ratio of sums (null where the denominator is 0). */
function metricSql(metric: MetricKey, f: string): SQL {
  if (!isDerivedMetric(metric)) return sql.raw(`coalesce(sum(${f}.${METRIC_COLUMNS[metric]}), 0)::float8`);
  const { numerator, denominator, factor } = DERIVED_FORMULAS[metric];
  return sql.raw(
    `(sum(${f}.${METRIC_COLUMNS[numerator]})::float8 / nullif(sum(${f}.${METRIC_COLUMNS[denominator]}), 0) * ${factor})`,
  );
}

export async function performanceReport(
  db: Db,
  scope: AccountScope,
  query: ReportQuery,
): Promise<PerformanceReportShape> {
  checkDimensions(query.dimensions);
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 50;
  if (!Number.isInteger(offset) || offset < 0)
    throw invalidInput(`offset must be 0 or more (got ${offset}).`);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_REPORT_PAGE)
    throw invalidInput(`limit must be a whole number from 1 to ${MAX_REPORT_PAGE} (got ${limit}).`);
  if (scope.accountIds.length === 0)
    return { rows: [], total: 0, totals: emptyValues(), currency: scope.currency };

  const breakdown = query.dimensions.map((d) => BREAKDOWN_DIMENSIONS[d]).find((b) => b);
  const f = breakdown ? 'b' : 'd';
  const from = breakdown
    ? sql`ad_insights_breakdowns b join ads a on a.id = b.ad_id`
    : sql`ad_insights_daily d join ads a on a.id = d.ad_id`;
  const where = sql`${sql.raw(f)}.client_id = ${scope.clientId} and ${sql.raw(f)}.day between ${scope.from} and ${scope.to}
    and ${scopeFilter(scope, 'a')} ${breakdown ? sql`and b.breakdown = ${breakdown}` : sql``}`;
  const dims = query.dimensions.map((d) => dimensionSql(d, f));
  const selectDims = sql.join(
    dims.map((d, i) => sql`${d.key} as ${sql.raw(`k${i}`)}, ${d.label} as ${sql.raw(`l${i}`)}`),
    sql`, `,
  );
  const groupBy = sql.join(
    dims.flatMap((d) => [d.key, d.label]),
    sql`, `,
  );
  const sortBy = query.sortBy ?? 'spend';
  const direction = (query.sortDesc ?? true) ? sql`desc` : sql`asc`;
  const orderLabels = sql.join(
    dims.map((_, i) => sql.raw(`l${i}, k${i}`)),
    sql`, `,
  );
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ${selectDims}, ${METRIC_SQL_SUMS(f)}
      from ${from}
      join ad_campaigns c on c.id = a.campaign_id
      join ad_sets s on s.id = a.ad_set_id
      where ${where}
      group by ${groupBy}
      order by ${metricSql(sortBy, f)} ${direction} nulls last, ${orderLabels}
      offset ${offset} limit ${limit}`),
  );
  const [totalsRow] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${METRIC_SQL_SUMS(f)}, count(distinct (${groupBy}))::int as "groups"
      from ${from} join ad_campaigns c on c.id = a.campaign_id join ad_sets s on s.id = a.ad_set_id
      where ${where}`),
  );
  const label = (d: ReportDimension, v: string) => {
    const b = BREAKDOWN_DIMENSIONS[d];
    return b ? breakdownLabel(b, v) : v;
  };
  return {
    rows: rows.map((r) => ({
      keys: query.dimensions.map((_, i) => String(r[`k${i}`])),
      labels: query.dimensions.map((d, i) => label(d, String(r[`l${i}`]))),
      values: metricValues(sumsFromRow(r)),
    })),
    total: Number(totalsRow?.groups ?? 0),
    totals: totalsRow ? metricValues(sumsFromRow(totalsRow)) : emptyValues(),
    currency: scope.currency,
  };
}

/** A cell of the CSV: money with the currency, percentages as such, ratios with two decimals. */
export function formatCell(metric: MetricKey, value: number | null, currency: string | null): string {
  if (value == null) return '';
  switch (METRICS[metric].format) {
    case 'money':
      return currency ? `${value.toFixed(2)} ${currency}` : value.toFixed(2);
    case 'percent':
      return `${(value * 100).toFixed(2)}%`;
    case 'ratio':
      return value.toFixed(2);
    default:
      return String(Math.round(value * 100) / 100);
  }
}
