/** The SQL of summed base metrics, and reading them back, for every dashboard query. */
import { sql } from 'drizzle-orm';
import { BASE_METRICS, emptySums, type BaseMetric, type MetricSums } from '@adloom/commerce';

export const METRIC_COLUMNS: Readonly<Record<BaseMetric, string>> = {
  spend: 'spend',
  impressions: 'impressions',
  reach: 'reach',
  clicks: 'clicks',
  linkClicks: 'link_clicks',
  purchases: 'purchases',
  purchaseValue: 'purchase_value',
  addToCart: 'add_to_cart',
  video3sPlays: 'video_3s_plays',
  thruplays: 'thruplays',
};

/** `coalesce(sum(a.spend), 0)::float8 as "spend", …` for every base metric of the table aliased `alias`. */
export function METRIC_SQL_SUMS(alias: string) {
  return sql.raw(
    BASE_METRICS.map((k) => `coalesce(sum(${alias}.${METRIC_COLUMNS[k]}), 0)::float8 as "${k}"`).join(', '),
  );
}

/** The base metrics of a row selected with METRIC_SQL_SUMS. */
export function sumsFromRow(row: Record<string, unknown>): MetricSums {
  const sums = emptySums();
  for (const k of BASE_METRICS) sums[k] = Number(row[k] ?? 0);
  return sums;
}
