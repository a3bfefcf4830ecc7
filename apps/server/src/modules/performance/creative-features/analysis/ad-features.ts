/**
 * The ads a creative-features report reads, in one aggregation: every ad of the scope that spent in the
 * range, its campaign, its sums of the metrics the features are measured on, and its features (null when
 * not computed yet).
 */
import { sql } from 'drizzle-orm';
import { emptySums } from '@adloom/commerce';
import type { Db } from '../../../../db/client.js';
import { rowsOf } from '../../../../db/rows.js';
import { scopeFilter, type AccountScope } from '../../scope.js';
import type { AnalysedAd } from './effects.js';

export interface ScopeAds {
  /** Ads with known features that spent in the range. */
  analysed: AnalysedAd[];
  /** Ads that spent in the range whose features are not known. */
  withoutFeatures: number;
}

interface AdRow {
  adId: string;
  campaignId: string;
  features: string | null;
  spend: number;
  impressions: number;
  linkClicks: number;
  purchases: number;
  purchaseValue: number;
}

/**
 * As dashboards/ads.ts adSums: the range's rows are summed per ad first (the (client_id, day) index), then
 * joined to the scope's ads, with sorting off so the grouping hashes. The features come back as one string
 * (ids have no comma): parsing 50,000 text arrays costs more than splitting strings.
 */
export async function scopeAds(db: Db, scope: AccountScope): Promise<ScopeAds> {
  if (scope.accountIds.length === 0) return { analysed: [], withoutFeatures: 0 };
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return rowsOf<AdRow>(
      await tx.execute(sql`
        select s.ad_id::text as "adId", a.campaign_id::text as "campaignId",
          array_to_string(f.features, ',') as features,
          s.spend, s.impressions, s.link_clicks as "linkClicks", s.purchases, s.purchase_value as "purchaseValue"
        from (
          select d.ad_id, sum(d.spend)::float8 as spend, sum(d.impressions)::float8 as impressions,
            sum(d.link_clicks)::float8 as link_clicks, sum(d.purchases)::float8 as purchases,
            sum(d.purchase_value)::float8 as purchase_value
          from ad_insights_daily d
          where d.client_id = ${scope.clientId} and d.day between ${scope.from} and ${scope.to}
          group by d.ad_id
          having sum(d.spend) > 0
        ) s
        join ads a on a.id = s.ad_id
        left join creative_features f on f.id = a.creative_features_id and f.client_id = a.client_id
        where ${scopeFilter(scope, 'a')}`),
    );
  });
  const analysed: AnalysedAd[] = [];
  let withoutFeatures = 0;
  for (const r of rows) {
    if (r.features == null) {
      withoutFeatures += 1;
      continue;
    }
    analysed.push({
      adId: r.adId,
      campaignId: r.campaignId,
      sums: {
        ...emptySums(),
        spend: Number(r.spend),
        impressions: Number(r.impressions),
        linkClicks: Number(r.linkClicks),
        purchases: Number(r.purchases),
        purchaseValue: Number(r.purchaseValue),
      },
      features: r.features === '' ? [] : r.features.split(','),
    });
  }
  // A stable order (the regression's sums do not depend on it, but ties in the gallery do).
  analysed.sort((a, b) => a.adId.localeCompare(b.adId));
  return { analysed, withoutFeatures };
}
