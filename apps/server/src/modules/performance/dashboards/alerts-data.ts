/** performanceAlerts: the campaigns' and breakdown values' sums of both periods, then alerts.ts. */
import { sql } from 'drizzle-orm';
import { emptySums, type Breakdown, type MetricSums } from '@adloom/commerce';
import type { Db } from '../../../db/client.js';
import { rowsOf, textArray } from '../../../db/rows.js';
import { scopeFilter, type AccountScope } from '../scope.js';
import { buildAlerts, DRIVER_BREAKDOWNS, type PerformanceAlertShape, type Segment } from './alerts.js';
import { breakdownLabel } from './breakdown.js';
import { comparisonPeriod, type DayRange } from './periods.js';
import { METRIC_SQL_SUMS, sumsFromRow } from './sql-metrics.js';

type Period = 'current' | 'previous';

/** Merges rows of both periods into segments (a segment missing in one period has zeros there). */
function segmentsOf(
  rows: { period: Period; kind: string; key: string; label: string; sums: MetricSums }[],
): Segment[] {
  const byKey = new Map<string, Segment>();
  for (const r of rows) {
    const id = `${r.kind}|${r.key}`;
    const s = byKey.get(id) ?? {
      kind: r.kind,
      key: r.key,
      label: r.label,
      current: emptySums(),
      previous: emptySums(),
    };
    s[r.period] = r.sums;
    byKey.set(id, s);
  }
  return [...byKey.values()];
}

async function campaignRows(db: Db, scope: AccountScope, range: DayRange, period: Period) {
  const rows = rowsOf<Record<string, unknown> & { key: string; label: string }>(
    await db.execute(sql`
      select r.campaign_id::text as key, c.name as label, ${METRIC_SQL_SUMS('r')}
      from ad_insights_campaign_daily r join ad_campaigns c on c.id = r.campaign_id
      where ${scopeFilter(scope, 'r')} and r.day between ${range.from} and ${range.to}
      group by r.campaign_id, c.name`),
  );
  return rows.map((r) => ({ period, kind: 'campaign', key: r.key, label: r.label, sums: sumsFromRow(r) }));
}

async function breakdownRows(db: Db, scope: AccountScope, range: DayRange, period: Period) {
  const rows = rowsOf<Record<string, unknown> & { kind: Breakdown; key: string }>(
    await db.execute(sql`
      select b.breakdown as kind, b.value as key, ${METRIC_SQL_SUMS('b')}
      from ad_insights_breakdowns b join ads a on a.id = b.ad_id
      where b.client_id = ${scope.clientId} and b.breakdown = any(${textArray([...DRIVER_BREAKDOWNS])})
        and b.day between ${range.from} and ${range.to} and ${scopeFilter(scope, 'a')}
      group by b.breakdown, b.value`),
  );
  return rows.map((r) => ({
    period,
    kind: r.kind as string,
    key: r.key,
    label: breakdownLabel(r.kind, r.key),
    sums: sumsFromRow(r),
  }));
}

export async function performanceAlerts(
  db: Db,
  scope: AccountScope,
  asked?: DayRange | null,
): Promise<PerformanceAlertShape[]> {
  if (scope.accountIds.length === 0) return [];
  const previous = comparisonPeriod(scope.from, scope.to, asked);
  const [c1, c0, b1, b0] = await Promise.all([
    campaignRows(db, scope, scope, 'current'),
    campaignRows(db, scope, previous, 'previous'),
    breakdownRows(db, scope, scope, 'current'),
    breakdownRows(db, scope, previous, 'previous'),
  ]);
  return buildAlerts({
    campaigns: segmentsOf([...c1, ...c0]),
    breakdowns: segmentsOf([...b1, ...b0]),
    comparisonFrom: previous.from,
    comparisonTo: previous.to,
    to: scope.to,
    currency: scope.currency,
  });
}
