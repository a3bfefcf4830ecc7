/**
 * The ads a creative-features report reads: every ad of the scope that spent in the range, its campaign,
 * its sums of the metrics the features are measured on, and its features (null when not computed yet).
 * Two queries side by side: the scope's ads with their features (no insight rows), and each ad's sums over
 * the range from its running totals (two index probes per ad, however many daily rows the range holds).
 */
import { sql, type SQL } from 'drizzle-orm';
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

/** An ad's running total at the day `probe` finds (alias c), the sums below read two per ad. */
function lastTotal(where: SQL) {
  return sql`select c.day, c.cum_spend, c.cum_impressions, c.cum_link_clicks, c.cum_purchases, c.cum_purchase_value
    from ad_insights_ad_cumulative c where c.ad_id = a.id and ${where} order by c.day desc limit 1`;
}

/**
 * The scope's ads that spent in the range, summed from their running totals (ad_insights_ad_cumulative,
 * kept by performance/facts.ts): the last total up to the range's end minus the last before its start,
 * two index probes per ad however long the range (numeric totals, so the difference is exact).
 */
async function rangeSums(db: Db, scope: AccountScope): Promise<SumsRow[]> {
  const diff = (column: string) => sql.raw(`(hi.${column} - coalesce(lo.${column}, 0))::float8`);
  return rowsOf<SumsRow>(
    await db.execute(sql`
      select a.id::text as "adId", ${diff('cum_spend')} as spend, ${diff('cum_impressions')} as impressions,
        ${diff('cum_link_clicks')} as "linkClicks", ${diff('cum_purchases')} as purchases,
        ${diff('cum_purchase_value')} as "purchaseValue"
      from ads a
      cross join lateral (${lastTotal(sql`c.day <= ${scope.to}`)}) hi
      left join lateral (${lastTotal(sql`c.day < ${scope.from}`)}) lo on true
      where ${scopeFilter(scope, 'a')} and hi.day >= ${scope.from}
        and hi.cum_spend - coalesce(lo.cum_spend, 0) > 0`),
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
