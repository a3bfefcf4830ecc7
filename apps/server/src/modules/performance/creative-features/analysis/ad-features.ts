/**
 * The ads a creative-features report reads: every ad of the scope that spent in the range, its campaign,
 * its sums of the metrics the features are measured on, and its features (null when not computed yet).
 * One query: the scope's ads with their features and each ad's sums over the range from its running totals
 * (two rows per ad, however many daily rows the range holds).
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

/**
 * Settings for a statement that reads a range's rows of 50,000 ads: a hash of 50,000 ads needs more than
 * the default 4 MB (it spilled to disk), and compiling it (JIT) costs more than it saves.
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
 * An ad's features as one string (ids have no comma; null when not known): all of them, or with
 * `onlyFeature` that one or none (one feature's page needs no more).
 */
function featuresOf(onlyFeature: string | undefined) {
  return onlyFeature === undefined
    ? sql`array_to_string(f.features, ',')`
    : sql`case when f.id is null then null when f.features @> array[${onlyFeature}]::text[] then ${onlyFeature}::text else '' end`;
}

function featureList(features: string | null): string[] | null {
  return features == null ? null : features === '' ? [] : features.split(',');
}

interface SumsRow {
  adId: string;
  campaignId: string;
  features: string | null;
  spend: number;
  impressions: number;
  linkClicks: number;
  purchases: number;
  purchaseValue: number;
}

const TOTALS =
  'c.day, c.cum_spend, c.cum_impressions, c.cum_link_clicks, c.cum_purchases, c.cum_purchase_value';

/**
 * The client's running totals (aliased c) of its last day with any up to `bound` (`day <= to` or
 * `day < from`): one contiguous read through (client_id, day), as the writers add an account's ads of a day
 * together.
 */
function totalsOfLastDay(clientId: string, bound: SQL) {
  return sql`select c.ad_id, ${sql.raw(TOTALS)} from ad_insights_ad_cumulative c
    where c.client_id = ${clientId} and c.day = (
      select max(c.day) from ad_insights_ad_cumulative c where c.client_id = ${clientId} and ${bound})`;
}

/** An ad's last running total up to `bound`, probed only when `missing` (the ad had none that day). */
function probe(bound: SQL, missing: SQL) {
  return sql`select ${sql.raw(TOTALS)} from ad_insights_ad_cumulative c
    where c.ad_id = a.id and ${bound} and ${missing} order by c.day desc limit 1`;
}

/**
 * The scope's ads that spent in the range, summed from their running totals (ad_insights_ad_cumulative,
 * kept by performance/facts.ts): each ad's last total up to the range's end minus its last before the
 * start. Both are read for all ads at once from the client's last day on either side; only an ad without
 * a row that day is probed by its own index (numeric totals, so the difference is exact).
 */
async function rangeSums(db: Db, scope: AccountScope, onlyFeature?: string): Promise<SumsRow[]> {
  const upTo = sql`c.day <= ${scope.to}`;
  const before = sql`c.day < ${scope.from}`;
  const diff = (column: string) =>
    sql.raw(`(coalesce(h.${column}, hp.${column}) - coalesce(l.${column}, lp.${column}, 0))::float8`);
  return forLargeAggregate(db, async (tx) =>
    rowsOf<SumsRow>(
      await tx.execute(sql`
      with hi as (${totalsOfLastDay(scope.clientId, upTo)}), lo as (${totalsOfLastDay(scope.clientId, before)})
      select a.id::text as "adId", a.campaign_id::text as "campaignId", ${featuresOf(onlyFeature)} as features,
        ${diff('cum_spend')} as spend, ${diff('cum_impressions')} as impressions,
        ${diff('cum_link_clicks')} as "linkClicks", ${diff('cum_purchases')} as purchases,
        ${diff('cum_purchase_value')} as "purchaseValue"
      from ads a
      left join creative_features f on f.id = a.creative_features_id and f.client_id = a.client_id
      left join hi h on h.ad_id = a.id
      left join lateral (${probe(upTo, sql`h.ad_id is null`)}) hp on true
      left join lo l on l.ad_id = a.id
      left join lateral (${probe(before, sql`l.ad_id is null`)}) lp on true
      where ${scopeFilter(scope, 'a')} and coalesce(h.day, hp.day) >= ${scope.from}
        and coalesce(h.cum_spend, hp.cum_spend) - coalesce(l.cum_spend, lp.cum_spend, 0) > 0`),
    ),
  );
}

/** The analysed ads and the count of those without known features, from the rows of the range's sums. */
function analysedOf(rows: readonly SumsRow[]): ScopeAds {
  const analysed: AnalysedAd[] = [];
  let withoutFeatures = 0;
  for (const r of rows) {
    const features = featureList(r.features);
    if (!features) {
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
      features,
    });
  }
  // A stable order (the regression's sums do not depend on it, but ties in the gallery do).
  analysed.sort((a, b) => (a.adId < b.adId ? -1 : a.adId > b.adId ? 1 : 0));
  return { analysed, withoutFeatures };
}

/**
 * The scope's analysed ads, their features (all, or with `onlyFeature` that one or none) and the range's
 * sums, in one query.
 */
export async function scopeAds(db: Db, scope: AccountScope, onlyFeature?: string): Promise<ScopeAds> {
  if (scope.accountIds.length === 0) return { analysed: [], withoutFeatures: 0 };
  return analysedOf(await rangeSums(db, scope, onlyFeature));
}
