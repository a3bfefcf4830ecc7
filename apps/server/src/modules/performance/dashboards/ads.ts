/**
 * Ads with their sums over a range, read from ad_insights_daily (the ad-level table) joined with the ads:
 * the rows of top ads and of the winners and losers.
 */
import { sql } from 'drizzle-orm';
import { METRICS, isDerivedMetric, metricValue, type MetricKey, type MetricSums } from '@adloom/commerce';
import type { Db } from '../../../db/client.js';
import { rowsOf, textArray } from '../../../db/rows.js';
import { scopeFilter, type AccountScope } from '../scope.js';
import { METRIC_SQL_SUMS, sumsFromRow } from './sql-metrics.js';
import { metricValues, type MetricValues } from './values.js';

export interface PerformanceAdShape {
  id: string;
  name: string;
  campaignId: string;
  campaignName: string;
  adSetName: string;
  thumbnailUrl: string | null;
  creativeUrl: string | null;
  creativeKind: string | null;
  ours: {
    feedId: string | null;
    designId: string | null;
    templateVersionId: string | null;
    templateId: string | null;
    catalogItemId: string | null;
  } | null;
  values: MetricValues;
}

/**
 * The summed base metrics of every ad of the scope that has rows in its range. The client's rows of the
 * range are summed per ad first (through the (client_id, day) index), then joined to the scope's ads: joined
 * first, the planner expects a handful of ads (client and account are correlated, it multiplies their
 * selectivities) and reads each ad's days through the primary key, one page per row (300 ms instead of
 * 20 over 90 days × 500 ads, bench:dashboards). It also sorts them by ad id to group them, spilling to disk,
 * where a hash aggregate takes half the time, so sorting is off for this statement (SET LOCAL).
 */
export async function adSums(db: Db, scope: AccountScope): Promise<{ adId: string; sums: MetricSums }[]> {
  if (scope.accountIds.length === 0) return [];
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return rowsOf<Record<string, unknown> & { adId: string }>(
      await tx.execute(sql`
        select s.* from (
          select d.ad_id::text as "adId", d.ad_id, ${METRIC_SQL_SUMS('d')}
          from ad_insights_daily d
          where d.client_id = ${scope.clientId} and d.day between ${scope.from} and ${scope.to}
          group by d.ad_id
        ) s join ads a on a.id = s.ad_id
        where ${scopeFilter(scope, 'a')}`),
    );
  });
  return rows.map((r) => ({ adId: r.adId, sums: sumsFromRow(r) }));
}

/** The ads named (of the client), with their campaign, ad set and Adloom origin, and the sums given. */
export async function adsWithValues(
  db: Db,
  clientId: string,
  items: readonly { adId: string; sums: MetricSums }[],
): Promise<PerformanceAdShape[]> {
  if (items.length === 0) return [];
  const rows = rowsOf<{
    id: string;
    name: string;
    campaignId: string;
    campaignName: string;
    adSetName: string;
    thumbnailUrl: string | null;
    creativeUrl: string | null;
    creativeKind: string | null;
    feedId: string | null;
    designId: string | null;
    templateVersionId: string | null;
    templateId: string | null;
    catalogItemId: string | null;
  }>(
    await db.execute(sql`
      select a.id::text as id, a.name, a.campaign_id::text as "campaignId", c.name as "campaignName",
        s.name as "adSetName", a.thumbnail_url as "thumbnailUrl", a.creative_url as "creativeUrl",
        a.creative_kind as "creativeKind", a.feed_id::text as "feedId", a.design_id::text as "designId",
        a.template_version_id::text as "templateVersionId", v.template_id::text as "templateId",
        a.catalog_item_id as "catalogItemId"
      from ads a
      join ad_campaigns c on c.id = a.campaign_id
      join ad_sets s on s.id = a.ad_set_id
      left join template_versions v on v.id = a.template_version_id
      where a.client_id = ${clientId} and a.id::text = any(${textArray(items.map((i) => i.adId))})`),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.flatMap(({ adId, sums }) => {
    const r = byId.get(adId);
    if (!r) return [];
    const ours =
      r.feedId || r.designId || r.templateVersionId || r.catalogItemId
        ? {
            feedId: r.feedId,
            designId: r.designId,
            templateVersionId: r.templateVersionId,
            templateId: r.templateId,
            catalogItemId: r.catalogItemId,
          }
        : null;
    return [
      {
        id: r.id,
        name: r.name,
        campaignId: r.campaignId,
        campaignName: r.campaignName,
        adSetName: r.adSetName,
        thumbnailUrl: r.thumbnailUrl,
        creativeUrl: r.creativeUrl,
        creativeKind: r.creativeKind,
        ours,
        values: metricValues(sums),
      },
    ];
  });
}

/**
 * The best ads by a metric, best first (the highest, or the lowest for a cost such as CPA; a volume such
 * as spend: the highest). Ads without a value (no denominator) are left out; for a ratio only ads that spent
 * at least `minSpend` are ranked, so a lucky ad with a few cents of spend does not top the list; ties go
 * to the ad that spent more.
 */
export function pickTopAds<T extends { sums: MetricSums }>(
  items: readonly T[],
  metric: MetricKey,
  limit: number,
  minSpend: number,
): T[] {
  const lowerIsBetter = METRICS[metric].higherIsBetter === false;
  const ratio = isDerivedMetric(metric);
  return items
    .map((item) => ({ item, value: metricValue(item.sums, metric) }))
    .filter((x) => x.value != null && (!ratio || x.item.sums.spend >= minSpend))
    .sort(
      (a, b) =>
        (lowerIsBetter ? a.value! - b.value! : b.value! - a.value!) || b.item.sums.spend - a.item.sums.spend,
    )
    .slice(0, limit)
    .map((x) => x.item);
}
