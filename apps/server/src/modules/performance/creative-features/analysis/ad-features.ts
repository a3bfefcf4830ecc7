/**
 * The ads a creative-features report reads: every ad of the scope that spent in the range, its campaign,
 * its sums of the metrics the features are measured on, and its features (null when not computed yet).
 * Two queries side by side: the scope's ads with their features (no insight rows), and one aggregation of
 * the range's insight rows per ad, which is the cost of the page (10 million rows: bench:creative-features).
 */
import { sql } from 'drizzle-orm';
import { emptySums } from '@adloom/commerce';
import type { Db } from '../../../../db/client.js';
import { rowsOf } from '../../../../db/rows.js';
import { scopeFilter, type AccountScope } from '../../scope.js';
import type { AnalysedAd } from './effects.js';

export interface ScopeAds {
  /** Ads with known features that spent in the range, by ad id. */
  analysed: AnalysedAd[];
  /** Ads that spent in the range whose features are not known. */
  withoutFeatures: number;
}

/** An ad of the scope: its campaign and its features (null when not known). */
export interface ScopeAdMeta {
  campaignId: string;
  features: string[] | null;
}

/**
 * Settings for a statement that aggregates a range of insight rows: a hash aggregate of 50,000 ads needs
 * more than the default 4 MB (it spilled to disk), and compiling it (JIT) costs more than it saves.
 */
export async function forLargeAggregate<T>(db: Db, run: (tx: Pick<Db, 'execute'>) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local jit = off`);
    return run(tx);
  });
}

/**
 * The scope's ads (whether or not they ran): campaign and features, as one string each (ids have no comma).
 * With `onlyFeature`, an ad's features are that one or none (one feature's page needs no more).
 */
export async function scopeAdsMeta(
  db: Db,
  scope: AccountScope,
  onlyFeature?: string,
): Promise<Map<string, ScopeAdMeta>> {
  if (scope.accountIds.length === 0) return new Map();
  const features =
    onlyFeature === undefined
      ? sql`array_to_string(f.features, ',')`
      : sql`case when f.id is null then null when f.features @> array[${onlyFeature}]::text[] then ${onlyFeature}::text else '' end`;
  const rows = rowsOf<{ id: string; campaignId: string; features: string | null }>(
    await db.execute(sql`
      select a.id::text as id, a.campaign_id::text as "campaignId", ${features} as features
      from ads a
      left join creative_features f on f.id = a.creative_features_id and f.client_id = a.client_id
      where ${scopeFilter(scope, 'a')}`),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        campaignId: r.campaignId,
        features: r.features == null ? null : r.features === '' ? [] : r.features.split(','),
      },
    ]),
  );
}

interface SumsRow {
  adId: string;
  spend: number;
  impressions: number;
  linkClicks: number;
  purchases: number;
  purchaseValue: number;
}

/**
 * The client's ads that spent in the range, summed: as dashboards/ads.ts adSums, the rows of the range are
 * read through the (client_id, day) index and grouped by ad, in parallel, before any join.
 */
async function rangeSums(db: Db, scope: AccountScope): Promise<SumsRow[]> {
  return forLargeAggregate(db, async (tx) =>
    rowsOf<SumsRow>(
      await tx.execute(sql`
        select d.ad_id::text as "adId", sum(d.spend)::float8 as spend, sum(d.impressions::float8) as impressions,
          sum(d.link_clicks::float8) as "linkClicks", sum(d.purchases)::float8 as purchases,
          sum(d.purchase_value)::float8 as "purchaseValue"
        from ad_insights_daily d
        where d.client_id = ${scope.clientId} and d.day between ${scope.from} and ${scope.to}
        group by d.ad_id
        having sum(d.spend) > 0`),
    ),
  );
}

/** The analysed ads and the count of those without known features, from the scope's ads and the range's sums. */
export function joinScopeAds(meta: Map<string, ScopeAdMeta>, sums: readonly SumsRow[]): ScopeAds {
  const analysed: AnalysedAd[] = [];
  let withoutFeatures = 0;
  for (const r of sums) {
    const ad = meta.get(r.adId);
    if (!ad) continue;
    if (!ad.features) {
      withoutFeatures += 1;
      continue;
    }
    analysed.push({
      adId: r.adId,
      campaignId: ad.campaignId,
      sums: {
        ...emptySums(),
        spend: Number(r.spend),
        impressions: Number(r.impressions),
        linkClicks: Number(r.linkClicks),
        purchases: Number(r.purchases),
        purchaseValue: Number(r.purchaseValue),
      },
      features: ad.features,
    });
  }
  // A stable order (the regression's sums do not depend on it, but ties in the gallery do).
  analysed.sort((a, b) => (a.adId < b.adId ? -1 : a.adId > b.adId ? 1 : 0));
  return { analysed, withoutFeatures };
}

/** The scope's analysed ads: its ads' features and the range's sums, read side by side. */
export async function scopeAds(
  db: Db,
  scope: AccountScope,
  meta?: Promise<Map<string, ScopeAdMeta>>,
): Promise<ScopeAds> {
  if (scope.accountIds.length === 0) return { analysed: [], withoutFeatures: 0 };
  const [ads, sums] = await Promise.all([meta ?? scopeAdsMeta(db, scope), rangeSums(db, scope)]);
  return joinScopeAds(ads, sums);
}
