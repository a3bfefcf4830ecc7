/**
 * A feature's metric over time (creativeFeature's series): per day of the range, the pooled metric of the
 * ads with the feature and of those without it (ads whose features are known). Pooled sums add up, so
 * only the daily rows of the ads with the feature (and of those whose features are unknown, usually none)
 * are read: the other side is the day's total (the campaign rollup) less those.
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

/** The sums of the metric's numerator, denominator and spend in `table` (aliased d), as select columns. */
function sumColumns(metric: FeatureMetric) {
  const { numerator, denominator } = DERIVED_FORMULAS[metric];
  const keys = [...new Set(['spend', numerator, denominator] as const)];
  return {
    keys,
    columns: sql.raw(keys.map((k) => `sum(d.${METRIC_COLUMNS[k]})::float8 as "${k}"`).join(', ')),
  };
}

function sumsOf(keys: readonly (keyof MetricSums)[], row: Record<string, unknown>): MetricSums {
  return { ...emptySums(), ...Object.fromEntries(keys.map((k) => [k, Number(row[k])])) };
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
 * the side's spend that day. One pass over the range's rows of the ads with the feature or with unknown
 * features (matched to the ads by a hash join), and the campaign rollup for the day's total.
 */
export async function featureSeries(
  db: Db,
  scope: AccountScope,
  featureId: string,
  metric: FeatureMetric,
): Promise<FeaturePointShape[]> {
  const { keys, columns } = sumColumns(metric);
  const range = sql`d.day between ${scope.from} and ${scope.to}`;
  const [totalRows, sideRows] =
    scope.accountIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .execute(
              sql`select d.day::text as day, ${columns} from ad_insights_campaign_daily d
                where ${scopeFilter(scope, 'd')} and ${range} group by d.day`,
            )
            .then((r) => rowsOf<Record<string, unknown> & { day: string }>(r)),
          forLargeAggregate(db, async (tx) => {
            // Probing each ad's rows by its key (the planner's guess for a few ads) reads them scattered.
            await tx.execute(sql`set local enable_nestloop = off`);
            return rowsOf<Record<string, unknown> & { day: string; known: boolean }>(
              await tx.execute(sql`
                select d.day::text as day, s.known, ${columns}
                from ad_insights_daily d
                join (
                  select a.id, f.id is not null as known from ads a
                  left join creative_features f on f.id = a.creative_features_id and f.client_id = a.client_id
                  where ${scopeFilter(scope, 'a')} and (f.id is null or f.features @> array[${featureId}]::text[])
                ) s on s.id = d.ad_id
                where d.client_id = ${scope.clientId} and ${range}
                group by d.day, s.known`),
            );
          }),
        ]);
  const total = new Map(totalRows.map((r) => [r.day, sumsOf(keys, r)]));
  const withFeature = new Map<string, MetricSums>();
  const unknown = new Map<string, MetricSums>();
  for (const r of sideRows) (r.known ? withFeature : unknown).set(r.day, sumsOf(keys, r));
  return bucketsOf(scope.from, scope.to, 'DAY').map((day) => {
    const w = withFeature.get(day) ?? emptySums();
    const wo = rest(total.get(day), unknown.get(day), w);
    return {
      day,
      valueWith: metricValue(w, metric),
      valueWithout: metricValue(wo, metric),
      spendWith: w.spend,
      spendWithout: wo.spend,
    };
  });
}
