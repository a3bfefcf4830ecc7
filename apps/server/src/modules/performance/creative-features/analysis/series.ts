/**
 * A feature's metric over time (creativeFeature's series): per day of the range, the analysed ads with the
 * feature and those without it, in one query grouped by day and by whether the ad has it.
 */
import { sql } from 'drizzle-orm';
import { DERIVED_FORMULAS } from '@adloom/commerce';
import type { Db } from '../../../../db/client.js';
import { rowsOf } from '../../../../db/rows.js';
import { bucketsOf } from '../../dashboards/periods.js';
import { METRIC_COLUMNS } from '../../dashboards/sql-metrics.js';
import type { AccountScope } from '../../scope.js';
import { forLargeAggregate } from './ad-features.js';
import type { FeatureMetric } from './effects.js';

export interface FeaturePointShape {
  day: string;
  valueWith: number | null;
  valueWithout: number | null;
  spendWith: number;
  spendWithout: number;
}

/** A `uuid[]` of ids as one parameter: PostgreSQL then hashes it for `= any(…)` (50,000 ids stay cheap). */
function uuidList(ids: readonly string[]) {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/**
 * The day's value on each side is the spend-weighted mean of each ad's metric that day (the ad-day rows
 * with a denominator), as the report's valueWith and valueWithout are over the range; the metric is the
 * quotient of @adloom/commerce's DERIVED_FORMULAS, written in SQL from its columns. `known` are the scope's
 * ads with known features, `withFeature` those of them that have it: matched by id, without a join, so the
 * rows are read and grouped in parallel.
 */
export async function featureSeries(
  db: Db,
  scope: AccountScope,
  ids: { known: readonly string[]; withFeature: readonly string[] },
  metric: FeatureMetric,
): Promise<FeaturePointShape[]> {
  const { numerator, denominator, factor } = DERIVED_FORMULAS[metric];
  const num = sql.raw(`d.${METRIC_COLUMNS[numerator]}`);
  const den = sql.raw(`d.${METRIC_COLUMNS[denominator]}`);
  const rows =
    ids.known.length === 0
      ? []
      : await forLargeAggregate(db, async (tx) =>
          rowsOf<{
            day: string;
            has: boolean;
            spend: number;
            weighted: number | null;
            weight: number | null;
          }>(
            await tx.execute(sql`
              select d.day::text as day, d.ad_id = any(${uuidList(ids.withFeature)}) as has,
                sum(d.spend)::float8 as spend,
                sum(case when ${den} > 0 then d.spend * (${num}::float8 / ${den}) * ${factor} end)::float8 as weighted,
                sum(case when ${den} > 0 then d.spend end)::float8 as weight
              from ad_insights_daily d
              where d.client_id = ${scope.clientId} and d.day between ${scope.from} and ${scope.to}
                and d.ad_id = any(${uuidList(ids.known)})
              group by d.day, 2`),
          ),
        );
  const points = new Map<string, FeaturePointShape>(
    bucketsOf(scope.from, scope.to, 'DAY').map((day) => [
      day,
      { day, valueWith: null, valueWithout: null, spendWith: 0, spendWithout: 0 },
    ]),
  );
  for (const r of rows) {
    const point = points.get(r.day);
    if (!point) continue;
    const value = r.weight != null && r.weight > 0 ? Number(r.weighted) / Number(r.weight) : null;
    if (r.has) {
      point.spendWith = Number(r.spend);
      point.valueWith = value;
    } else {
      point.spendWithout = Number(r.spend);
      point.valueWithout = value;
    }
  }
  return [...points.values()];
}
