/**
 * A feature's metric over time (creativeFeature's series): per day of the range, the pooled metric of the
 * ads with the feature and of those without it (ads whose features are known). Pooled sums add up, so only
 * the sums of the ads with the feature and of those whose features are unknown (usually none) are read:
 * the other side is the day's total (the campaign rollup) less those. They come from the per-feature daily
 * rollup when it is current (rollup.ts), else from the daily rows of those ads, and a rebuild is asked for.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DERIVED_FORMULAS, emptySums, metricValue, type MetricSums } from '@adloom/commerce';
import type { Db } from '../../../../db/client.js';
import { rowsOf } from '../../../../db/rows.js';
import { bucketsOf } from '../../dashboards/periods.js';
import { METRIC_COLUMNS } from '../../dashboards/sql-metrics.js';
import { scopeFilter, type AccountScope } from '../../scope.js';
import { featureRollupIsCurrent, UNKNOWN_FEATURES } from '../rollup.js';
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

type SideRow = Record<string, unknown> & { day: string; known: boolean };

/** The range's sums per day of the ads with the feature (known) and of those with unknown features, from the rollup. */
function rollupSides(db: Db, scope: AccountScope, featureId: string, columns: SQL): Promise<SideRow[]> {
  return db
    .execute(
      sql`select d.day::text as day, d.feature <> ${UNKNOWN_FEATURES} as known, ${columns}
        from ad_insights_feature_daily d
        where ${scopeFilter(scope, 'd')} and d.feature in (${featureId}, ${UNKNOWN_FEATURES})
          and d.day between ${scope.from} and ${scope.to}
        group by d.day, d.feature`,
    )
    .then((r) => rowsOf<SideRow>(r));
}

/**
 * The same from the daily rows: one pass over the range's rows, matched to the ads with the feature or with
 * unknown features by a hash join.
 */
function dailySides(db: Db, scope: AccountScope, featureId: string, columns: SQL): Promise<SideRow[]> {
  return forLargeAggregate(db, async (tx) => {
    // Probing each ad's rows by its key (the planner's guess for a few ads) reads them scattered.
    await tx.execute(sql`set local enable_nestloop = off`);
    return rowsOf<SideRow>(
      await tx.execute(sql`
        select d.day::text as day, s.known, ${columns}
        from ad_insights_daily d
        join (
          select a.id, f.id is not null as known from ads a
          left join creative_features f on f.id = a.creative_features_id and f.client_id = a.client_id
          where ${scopeFilter(scope, 'a')} and (f.id is null or f.features @> array[${featureId}]::text[])
        ) s on s.id = d.ad_id
        where d.client_id = ${scope.clientId} and d.day between ${scope.from} and ${scope.to}
        group by d.day, s.known`),
    );
  });
}

/**
 * The day's value on each side is the pooled metric of its ads that day (the quotient of their summed
 * numerator and denominator, @adloom/commerce metricValue), null when the denominator is 0; the spend is
 * the side's spend that day. `onStale` is called when the rollup could not be used (to ask for a rebuild).
 */
export async function featureSeries(
  db: Db,
  scope: AccountScope,
  featureId: string,
  metric: FeatureMetric,
  onStale?: () => void,
): Promise<FeaturePointShape[]> {
  const { keys, columns } = sumColumns(metric);
  const sides = async (): Promise<SideRow[]> => {
    // The rollup's rows are read while its fingerprint is checked; they are dropped when it is stale.
    const [current, fromRollup] = await Promise.all([
      featureRollupIsCurrent(db, scope.clientId),
      rollupSides(db, scope, featureId, columns),
    ]);
    if (current) return fromRollup;
    onStale?.();
    return dailySides(db, scope, featureId, columns);
  };
  const [totalRows, sideRows] =
    scope.accountIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .execute(
              sql`select d.day::text as day, ${columns} from ad_insights_campaign_daily d
                where ${scopeFilter(scope, 'd')} and d.day between ${scope.from} and ${scope.to} group by d.day`,
            )
            .then((r) => rowsOf<Record<string, unknown> & { day: string }>(r)),
          sides(),
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
