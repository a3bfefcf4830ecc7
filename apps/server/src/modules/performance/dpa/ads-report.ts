/** The catalogue ads screen (dpaAds): catalogue ads of a kind with their sums and products, largest spend first. */
import { sql } from 'drizzle-orm';
import { addSums, emptySums, type MetricSums } from '@adloom/commerce';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { feedsWithCatalog } from '../../feeds/index.js';
import { scopeFilter, type AccountScope } from '../scope.js';
import { adsWithValues, type PerformanceAdShape } from '../dashboards/ads.js';
import { METRIC_SQL_SUMS, sumsFromRow } from '../dashboards/sql-metrics.js';
import { metricValues, type MetricValues } from '../dashboards/values.js';
import { catalogAdKind, catalogAdsOf, type CatalogAdKind, type DpaAdKind } from './catalog-ads.js';

export interface DpaAdRowShape {
  ad: PerformanceAdShape;
  kind: CatalogAdKind;
  feedId: string | null;
  feedName: string | null;
  products: number;
  values: MetricValues;
}

export interface DpaAdsReportShape {
  currency: string | null;
  total: MetricValues;
  rows: DpaAdRowShape[];
}

/** Catalogue ads of the kind with rows in the range: their daily sums and the distinct products delivered. */
export async function dpaAds(db: Db, scope: AccountScope, kind: DpaAdKind): Promise<DpaAdsReportShape> {
  if (scope.accountIds.length === 0)
    return { currency: scope.currency, total: metricValues(emptySums()), rows: [] };
  const sums = rowsOf<Record<string, unknown> & { adId: string }>(
    await db.execute(sql`
      select s.* from (
        select d.ad_id, d.ad_id::text as "adId", ${METRIC_SQL_SUMS('d')}
        from ad_insights_daily d
        where d.client_id = ${scope.clientId} and d.day between ${scope.from} and ${scope.to}
        group by d.ad_id
      ) s join ads a on a.id = s.ad_id
      where ${scopeFilter(scope, 'a')} and ${catalogAdsOf(kind)}`),
  );
  const products = rowsOf<{ adId: string; products: number }>(
    await db.execute(sql`
      select b.ad_id::text as "adId", count(distinct b.value)::int as products
      from ad_insights_breakdowns b join ads a on a.id = b.ad_id
      where b.client_id = ${scope.clientId} and b.breakdown = 'product_id'
        and b.day between ${scope.from} and ${scope.to} and ${scopeFilter(scope, 'a')} and ${catalogAdsOf(kind)}
      group by b.ad_id`),
  );
  const productsByAd = new Map(products.map((p) => [p.adId, p.products]));
  const ads = await adsWithValues(
    db,
    scope.clientId,
    sums.map((r) => ({ adId: r.adId, sums: sumsFromRow(r) })),
  );
  const feeds = await feedsWithCatalog(
    db,
    scope.clientId,
    ads.flatMap((a) => (a.ours?.feedId ? [a.ours.feedId] : [])),
  );
  let total: MetricSums = emptySums();
  const rows = ads.map((ad): DpaAdRowShape => {
    total = addSums(total, ad.values);
    const feedId = ad.ours?.feedId ?? null;
    return {
      ad,
      kind: catalogAdKind({ feedId, templateVersionId: ad.ours?.templateVersionId ?? null }),
      feedId,
      feedName: feedId ? (feeds.get(feedId)?.name ?? null) : null,
      products: productsByAd.get(ad.id) ?? 0,
      values: ad.values,
    };
  });
  rows.sort((a, b) => b.values.spend - a.values.spend || a.ad.name.localeCompare(b.ad.name));
  return { currency: scope.currency, total: metricValues(total), rows };
}
