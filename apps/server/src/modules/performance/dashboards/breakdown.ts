/**
 * The ad insights screen (performanceBreakdown): the range's sums per value of one breakdown (age, gender,
 * country, placement, device, product), from ad_insights_breakdowns, largest spend first.
 */
import { sql } from 'drizzle-orm';
import type { Breakdown, MetricSums } from '@adloom/commerce';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { scopeFilter, type AccountScope } from '../scope.js';
import { METRIC_SQL_SUMS, sumsFromRow } from './sql-metrics.js';
import { metricValues, type MetricValues } from './values.js';

export interface BreakdownRowShape {
  value: string;
  label: string;
  values: MetricValues;
}

export const BREAKDOWN_NAMES = ['AGE', 'GENDER', 'COUNTRY', 'PLACEMENT', 'DEVICE', 'PRODUCT_ID'] as const;
export type BreakdownName = (typeof BREAKDOWN_NAMES)[number];
export const breakdownKeyOf = (name: BreakdownName) => name.toLowerCase() as Breakdown;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Meta's impression_device values whose names are not plain words. */
const DEVICE_NAMES: Readonly<Record<string, string>> = { iphone: 'iPhone', ipad: 'iPad', ipod: 'iPod' };

/** A stored breakdown value as a marketer reads it: `18-24` → 18–24, `FR` → France, `facebook · feed` → Facebook · Feed. */
export function breakdownLabel(breakdown: Breakdown, value: string): string {
  switch (breakdown) {
    case 'age':
      return value.replace('-', '–');
    case 'device':
      return DEVICE_NAMES[value] ?? capitalise(value.replaceAll('_', ' '));
    case 'gender':
      return capitalise(value.replaceAll('_', ' '));
    case 'country':
      if (/^[A-Z]{2}$/i.test(value)) {
        try {
          return regionNames.of(value.toUpperCase()) ?? value;
        } catch {
          return value;
        }
      }
      return value;
    case 'placement':
      return value
        .split(' · ')
        .map((p) => capitalise(p.replaceAll('_', ' ')))
        .join(' · ');
    default:
      return value;
  }
}

/** Sums per value of one breakdown over the scope's range. */
export async function breakdownSums(
  db: Db,
  scope: AccountScope,
  breakdown: Breakdown,
  extra?: { campaignId?: boolean },
): Promise<{ value: string; campaignId?: string; sums: MetricSums }[]> {
  if (scope.accountIds.length === 0) return [];
  const byCampaign = extra?.campaignId ? sql`, a.campaign_id::text as "campaignId"` : sql``;
  const groupCampaign = extra?.campaignId ? sql`, a.campaign_id` : sql``;
  const rows = rowsOf<Record<string, unknown> & { value: string; campaignId?: string }>(
    await db.execute(sql`
      select b.value ${byCampaign}, ${METRIC_SQL_SUMS('b')}
      from ad_insights_breakdowns b join ads a on a.id = b.ad_id
      where b.client_id = ${scope.clientId} and b.breakdown = ${breakdown}
        and b.day between ${scope.from} and ${scope.to} and ${scopeFilter(scope, 'a')}
      group by b.value ${groupCampaign}`),
  );
  return rows.map((r) => ({ value: r.value, campaignId: r.campaignId, sums: sumsFromRow(r) }));
}

export async function performanceBreakdown(
  db: Db,
  scope: AccountScope,
  breakdown: Breakdown,
): Promise<BreakdownRowShape[]> {
  const rows = await breakdownSums(db, scope, breakdown);
  return rows
    .map((r) => ({ value: r.value, label: breakdownLabel(breakdown, r.value), values: metricValues(r.sums) }))
    .sort((a, b) => b.values.spend - a.values.spend || a.value.localeCompare(b.value));
}
