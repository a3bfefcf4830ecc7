/**
 * A feature's metric over time (creativeFeature's series): per day of the range, the pooled metric of the
 * analysed ads with the feature and of those without it. Pooled sums add up, so only the smaller side's
 * daily rows are read: the other side is the day's total (the campaign rollup) less the ads whose features
 * are unknown (usually none) less that side.
 */
import { sql } from 'drizzle-orm';
import { DERIVED_FORMULAS, emptySums, metricValue, type MetricSums } from '@adloom/commerce';
import type { Db } from '../../../../db/client.js';
import { rowsOf } from '../../../../db/rows.js';
import { bucketsOf } from '../../dashboards/periods.js';
import { METRIC_COLUMNS } from '../../dashboards/sql-metrics.js';
import { scopeFilter, type AccountScope } from '../../scope.js';
import { forLargeAggregate } from './ad-features.js';
import type { FeatureMetric } from './effects.js';

export interface FeaturePointShape {
  day: string;
  valueWith: number | null;
  valueWithout: number | null;
  spendWith: number;
  spendWithout: number;
}

/** The scope's ads split by feature: those with it, those without it, and those whose features are unknown. */
export interface SeriesAds {
  withFeature: readonly string[];
  withoutFeature: readonly string[];
  unknown: readonly string[];
}

/** A `uuid[]` of ids as one parameter: PostgreSQL then hashes it for `= any(…)` (50,000 ids stay cheap). */
function uuidList(ids: readonly string[]) {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

type DaySums = Map<string, MetricSums>;

/** The sums per day of the metric's numerator, denominator and spend, from `table` aliased d. */
async function sumsByDay(
  db: Pick<Db, 'execute'>,
  metric: FeatureMetric,
  table: 'ad_insights_daily' | 'ad_insights_campaign_daily',
  where: ReturnType<typeof sql>,
): Promise<DaySums> {
  const { numerator, denominator } = DERIVED_FORMULAS[metric];
  const keys = [...new Set(['spend', numerator, denominator] as const)];
  const rows = rowsOf<Record<string, number> & { day: string }>(
    await db.execute(sql`
      select d.day::text as day, ${sql.raw(keys.map((k) => `sum(d.${METRIC_COLUMNS[k]})::float8 as "${k}"`).join(', '))}
      from ${sql.raw(table)} d where ${where}
      group by d.day`),
  );
  return new Map(
    rows.map((r) => [r.day, { ...emptySums(), ...Object.fromEntries(keys.map((k) => [k, Number(r[k])])) }]),
  );
}

/** `total − parts`, each metric; a float residue of a subtraction to nothing is 0. */
function rest(total: MetricSums | undefined, ...parts: (MetricSums | undefined)[]): MetricSums {
  const out = { ...(total ?? emptySums()) };
  for (const k of Object.keys(out) as (keyof MetricSums)[]) {
    const whole = out[k];
    for (const p of parts) out[k] -= p?.[k] ?? 0;
    if (Math.abs(out[k]) <= 1e-9 * (1 + Math.abs(whole))) out[k] = 0;
  }
  return out;
}

/**
 * The day's value on each side is the pooled metric of its ads that day (the quotient of their summed
 * numerator and denominator, @adloom/commerce metricValue), null when the denominator is 0; the spend is
 * the side's spend that day.
 */
export async function featureSeries(
  db: Db,
  scope: AccountScope,
  ads: SeriesAds,
  metric: FeatureMetric,
): Promise<FeaturePointShape[]> {
  const readWith = ads.withFeature.length <= ads.withoutFeature.length;
  const side = readWith ? ads.withFeature : ads.withoutFeature;
  const range = sql`d.day between ${scope.from} and ${scope.to}`;
  const adRows = (ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve<DaySums>(new Map())
      : forLargeAggregate(db, (tx) =>
          sumsByDay(
            tx,
            metric,
            'ad_insights_daily',
            sql`d.client_id = ${scope.clientId} and ${range} and d.ad_id = any(${uuidList(ids)})`,
          ),
        );
  const known = ads.withFeature.length + ads.withoutFeature.length;
  const [total, unknown, read] =
    known === 0
      ? [new Map(), new Map(), new Map()]
      : await Promise.all([
          sumsByDay(db, metric, 'ad_insights_campaign_daily', sql`${scopeFilter(scope, 'd')} and ${range}`),
          adRows(ads.unknown),
          adRows(side),
        ]);
  return bucketsOf(scope.from, scope.to, 'DAY').map((day) => {
    const sideSums = read.get(day) ?? emptySums();
    const other = rest(total.get(day), unknown.get(day), sideSums);
    const [w, wo] = readWith ? [sideSums, other] : [other, sideSums];
    return {
      day,
      valueWith: metricValue(w, metric),
      valueWithout: metricValue(wo, metric),
      spendWith: w.spend,
      spendWithout: wo.spend,
    };
  });
}
