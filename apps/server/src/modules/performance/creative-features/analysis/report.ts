/**
 * The creative-features pages (issue 19): every feature's effect on a metric (creativeFeatures) and one
 * feature's ads and days (creativeFeature). One aggregation per ad over the range (ad-features.ts), then
 * every feature's regression in memory over the per-ad arrays, O(ads) each; no query per feature.
 */
import { sql } from 'drizzle-orm';
import { METRICS, creativeFeatureInfo, type CreativeFeatureInfo, type MetricSums } from '@adloom/commerce';
import type { Db } from '../../../../db/client.js';
import { rowsOf, textArray } from '../../../../db/rows.js';
import { adsWithValues, type PerformanceAdShape } from '../../dashboards/ads.js';
import { minSpendOf } from '../../dashboards/settings.js';
import { METRIC_SQL_SUMS, sumsFromRow } from '../../dashboards/sql-metrics.js';
import type { AccountScope } from '../../scope.js';
import { extractionProgress } from '../extract/index.js';
import { scopeAds, type ScopeAds } from './ad-features.js';
import {
  analyseAds,
  effectOf,
  orderEffects,
  WINNER_SHARE,
  type FeatureAnalysis,
  type FeatureEffectShape,
  type FeatureMetric,
} from './effects.js';
import { MIN_ADS_EACH_SIDE } from './regression.js';
import { featureSeries, type FeaturePointShape } from './series.js';
import { libraryTagsOf, type LibraryTagShape } from './template-tags.js';

export interface FeatureInfoShape extends CreativeFeatureInfo {
  libraryTag: LibraryTagShape | null;
}

export interface EffectShape extends Omit<FeatureEffectShape, 'featureId'> {
  feature: FeatureInfoShape;
}

/** How far feature extraction has got for the client (extract/: extractionProgress). */
export type ExtractionShape = Awaited<ReturnType<typeof extractionProgress>>;

export interface CreativeFeaturesReportShape {
  metric: FeatureMetric;
  method: string;
  winnerDefinition: string;
  adsAnalysed: number;
  adsWithoutFeatures: number;
  spendAnalysed: number;
  currency: string | null;
  extraction: ExtractionShape;
  features: EffectShape[];
}

export interface FeatureAdShape {
  ad: PerformanceAdShape;
  spend: number;
  value: number | null;
  winner: boolean;
  imageUrl: string | null;
}

export interface CreativeFeatureDetailShape {
  effect: EffectShape;
  method: string;
  currency: string | null;
  ads: FeatureAdShape[];
  series: FeaturePointShape[];
}

/** What the event that smooths each ad's metric is, for the method's sentence. */
const EVENT_WORDS: Readonly<Record<FeatureMetric, string>> = {
  ctr: 'link click',
  cvr: 'purchase',
  roas: 'purchase (at the campaign’s cost per purchase and order value)',
};

/** The metric's name inside a sentence: CTR and ROAS as they are, conversion rate in lower case. */
function inSentence(metric: FeatureMetric): string {
  const label = METRICS[metric].label;
  return label === label.toUpperCase() ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** How the lifts were estimated, for the page. */
export function featureMethod(metric: FeatureMetric): string {
  const label = inSentence(metric);
  return (
    `Ads with known features that spent in the range. For each feature, a weighted least-squares regression of each ad’s log ${label} ` +
    `on whether it has the feature, with a fixed effect per campaign (ads are compared with ads of their own campaign) and the log of the ad’s spend as a control, ` +
    `each ad weighted by its spend. Each ad’s ${label} is smoothed towards its campaign’s pooled ${label} by one expected ${EVENT_WORDS[metric]}, so ads without conversions count. ` +
    `Lift is exp(β) − 1; its 95 % interval uses heteroskedasticity-robust (HC1) standard errors and Student’s t, and a lift is significant when the interval excludes 0. ` +
    `No lift when fewer than ${MIN_ADS_EACH_SIDE} ads with, or without, the feature share a campaign. ` +
    `Each feature is estimated on its own: features that exactly the same ads have (one template carries them all) share one lift, marked “Same ads as”. ` +
    `With and without: the spend-weighted mean of each ad’s ${label}; over time, each day’s pooled ${label} of the ads with the feature and of the others.`
  );
}

/** What a winner is, for the page. */
export function winnerDefinition(metric: FeatureMetric, minSpend: number, currency: string | null): string {
  const label = inSentence(metric);
  const money = `${minSpend} ${currency ?? ''}`.trim();
  return (
    `A winner is an analysed ad that spent at least ${money} in the range (the minimum spend of winners and losers) whose empirical-Bayes estimate of its ${label}, ` +
    `as on the winners and losers page, is in the best ${Math.round(WINNER_SHARE * 100)} % of those ads. ` +
    `Hit rate: the share of those ads with the feature that are winners.`
  );
}

async function featureInfos(db: Db, ids: readonly string[]): Promise<Map<string, FeatureInfoShape>> {
  const infos = ids.flatMap((id) => {
    const info = creativeFeatureInfo(id);
    return info ? [info] : [];
  });
  const tags = await libraryTagsOf(db, infos);
  return new Map(infos.map((info) => [info.id, { ...info, libraryTag: tags.get(info.id) ?? null }]));
}

function withInfo(effect: FeatureEffectShape, feature: FeatureInfoShape): EffectShape {
  const { featureId: _id, ...rest } = effect;
  return { ...rest, feature };
}

/** Every feature of at least one analysed ad, with its effect: significant first, then by lift. */
export async function creativeFeaturesReport(
  db: Db,
  scope: AccountScope,
  metric: FeatureMetric,
): Promise<CreativeFeaturesReportShape> {
  const [ads, minSpend, extraction] = await Promise.all([
    scopeAds(db, scope),
    minSpendOf(db, scope.clientId),
    extractionProgress(db, scope.clientId),
  ]);
  const analysis = analyseAds(ads.analysed, metric, minSpend);
  const infos = await featureInfos(db, [...analysis.presence.keys()]);
  const effects = orderEffects([...infos.keys()].map((id) => effectOf(analysis, id)));
  return {
    metric,
    method: featureMethod(metric),
    winnerDefinition: winnerDefinition(metric, minSpend, scope.currency),
    adsAnalysed: ads.analysed.length,
    adsWithoutFeatures: ads.withoutFeatures,
    spendAnalysed: analysis.totalSpend,
    currency: scope.currency,
    extraction,
    features: effects.map((e) => withInfo(e, infos.get(e.featureId)!)),
  };
}

/**
 * One feature: its effect, its ads best value first (ads under the minimum spend after the others, as
 * their value says little), and its days. Null when the id is not a feature.
 */
export async function creativeFeatureDetail(
  db: Db,
  scope: AccountScope,
  featureId: string,
  metric: FeatureMetric,
  limit: number,
  onRollupStale?: () => void,
): Promise<CreativeFeatureDetailShape | null> {
  if (!creativeFeatureInfo(featureId)) return null;
  const series = featureSeries(db, scope, featureId, metric, onRollupStale);
  // The effect and the gallery are worked out while the day series is still being read.
  const effectAndAds = Promise.all([scopeAds(db, scope, featureId), minSpendOf(db, scope.clientId)]).then(
    async ([ads, minSpend]) => {
      const analysis = analyseAds(ads.analysed, metric, minSpend, [featureId]);
      return {
        effect: effectOf(analysis, featureId),
        ads: await galleryOf(db, scope, ads, analysis, featureId, minSpend, limit),
      };
    },
  );
  const [{ effect, ads }, points, infos] = await Promise.all([
    effectAndAds,
    series,
    featureInfos(db, [featureId]),
  ]);
  return {
    effect: withInfo(effect, infos.get(featureId)!),
    method: featureMethod(metric),
    currency: scope.currency,
    ads,
    series: points,
  };
}

async function galleryOf(
  db: Db,
  scope: AccountScope,
  ads: ScopeAds,
  analysis: FeatureAnalysis,
  featureId: string,
  minSpend: number,
  limit: number,
): Promise<FeatureAdShape[]> {
  const has = analysis.presence.get(featureId);
  if (!has) return [];
  const { spend, value } = analysis;
  const positions: number[] = [];
  for (let i = 0; i < has.length; i++) if (has[i]) positions.push(i);
  const rank = (i: number) => (spend[i]! >= minSpend ? 0 : 1);
  const valueOf = (i: number) => (Number.isNaN(value[i]!) ? -Infinity : value[i]!);
  positions.sort(
    (a, b) => rank(a) - rank(b) || valueOf(b) - valueOf(a) || spend[b]! - spend[a]! || (a < b ? -1 : 1),
  );
  const chosen = positions.slice(0, limit);
  const sums = await fullSums(
    db,
    scope,
    chosen.map((i) => ads.analysed[i]!.adId),
  );
  const shown = await adsWithValues(
    db,
    scope.clientId,
    chosen.map((i) => ({ adId: ads.analysed[i]!.adId, sums: sums.get(ads.analysed[i]!.adId)! })),
  );
  const byId = new Map(shown.map((a) => [a.id, a]));
  return chosen.flatMap((i) => {
    const ad = byId.get(ads.analysed[i]!.adId);
    if (!ad) return [];
    return [
      {
        ad,
        spend: spend[i]!,
        value: Number.isNaN(value[i]!) ? null : value[i]!,
        winner: analysis.winners[i] === 1,
        imageUrl: ad.creativeUrl ?? ad.thumbnailUrl,
      },
    ];
  });
}

/** Every base metric of the ads named over the range (the gallery shows an ad's values as elsewhere). */
async function fullSums(db: Db, scope: AccountScope, adIds: string[]): Promise<Map<string, MetricSums>> {
  if (adIds.length === 0) return new Map();
  const rows = rowsOf<Record<string, unknown> & { adId: string }>(
    await db.execute(sql`
      select d.ad_id::text as "adId", ${METRIC_SQL_SUMS('d')}
      from ad_insights_daily d
      where d.client_id = ${scope.clientId} and d.ad_id = any(${textArray(adIds)}::uuid[])
        and d.day between ${scope.from} and ${scope.to}
      group by d.ad_id`),
  );
  return new Map(rows.map((r) => [r.adId, sumsFromRow(r)]));
}
