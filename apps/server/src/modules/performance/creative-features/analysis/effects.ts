/**
 * The effect of each creative feature over the analysed ads (pure): the ads with and without it, their
 * spend-weighted metric, the regression's lift (regression.ts) and the hit rate among winners (the
 * empirical-Bayes estimate of the winners-and-losers ranking, dashboards/eb-ranking.ts).
 */
import { DERIVED_FORMULAS, metricValue, type BaseMetric, type MetricSums } from '@adloom/commerce';
import { ebEstimates, orderBest, rankingModelOf } from '../../dashboards/eb-ranking.js';
import type { CreativeFeatureMetricKey } from '../../creative-feature-metric.js';
import { featureEffect, prepareRegression, type PreparedRegression } from './regression.js';

/** The metrics a feature's effect is measured on (@adloom/commerce adMetrics keys). */
export type FeatureMetric = CreativeFeatureMetricKey;

/** An ad with known features that spent in the range: its campaign and its sums over the range. */
export interface AnalysedAd {
  adId: string;
  campaignId: string;
  sums: MetricSums;
  features: readonly string[];
}

export interface FeatureEffectShape {
  featureId: string;
  adsWith: number;
  adsWithout: number;
  spendWith: number;
  spendShare: number;
  valueWith: number | null;
  valueWithout: number | null;
  lift: number | null;
  liftLow: number | null;
  liftHigh: number | null;
  significant: boolean;
  hitRate: number | null;
  winnersWith: number;
  /**
   * The other features the very same analysed ads have (one template carries them all): their lifts are
   * one estimate, which of them it belongs to the data cannot tell.
   */
  sameAdsAs: string[];
}

/**
 * The count that stands for "one conversion" of each metric: the prior that smooths an ad's metric is one
 * such event at its campaign's pooled rate (one link click for CTR, one purchase for CVR and ROAS).
 */
const PRIOR_EVENT: Readonly<Record<FeatureMetric, BaseMetric>> = {
  ctr: 'linkClicks',
  cvr: 'purchases',
  roas: 'purchases',
};

/** Share of eligible ads, best estimates first, that are winners. */
export const WINNER_SHARE = 0.25;

/**
 * Each ad's log metric, smoothed towards its campaign's pooled rate p by one expected event:
 * log((num + m·p) ÷ (den + m)) with m the denominator one event takes in the campaign (1 ÷ p impressions for
 * CTR, 1 ÷ p link clicks for CVR, the campaign's cost per purchase for ROAS), so an ad with no conversion
 * still has a finite value. Campaigns without any event use the pooled rate of all ads; NaN (left out of
 * the regression) for an ad without denominator, or for every ad when no ad has an event.
 */
export function smoothedLogMetric(ads: readonly AnalysedAd[], metric: FeatureMetric): number[] {
  const { numerator, denominator } = DERIVED_FORMULAS[metric];
  const event = PRIOR_EVENT[metric];
  const pooled = (rows: readonly AnalysedAd[]) => {
    let num = 0;
    let den = 0;
    let events = 0;
    for (const a of rows) {
      num += a.sums[numerator];
      den += a.sums[denominator];
      events += a.sums[event];
    }
    return num > 0 && den > 0 && events > 0 ? { rate: num / den, m: den / events } : null;
  };
  const overall = pooled(ads);
  if (!overall) return ads.map(() => NaN);
  const byCampaign = new Map<string, AnalysedAd[]>();
  for (const a of ads) {
    const list = byCampaign.get(a.campaignId);
    if (list) list.push(a);
    else byCampaign.set(a.campaignId, [a]);
  }
  const priors = new Map([...byCampaign].map(([c, rows]) => [c, pooled(rows) ?? overall]));
  return ads.map((a) => {
    const den = a.sums[denominator];
    if (!(den > 0)) return NaN;
    const { rate, m } = priors.get(a.campaignId)!;
    return Math.log((a.sums[numerator] + m * rate) / (den + m));
  });
}

/** The regression's ads (campaign, smoothed log metric, spend weight, log spend), once per report. */
export function prepareFeatureRegression(
  ads: readonly AnalysedAd[],
  metric: FeatureMetric,
): PreparedRegression {
  const y = smoothedLogMetric(ads, metric);
  return prepareRegression(
    ads.map((a, i) => ({
      group: a.campaignId,
      y: y[i]!,
      weight: a.sums.spend,
      control: a.sums.spend > 0 ? Math.log(a.sums.spend) : NaN,
    })),
  );
}

/**
 * The winners: among the ads that spent at least `minSpend` (and, for a rate, have a denominator, as in the
 * ranking), those whose empirical-Bayes estimate is in the best quarter (rounded up). By position: 1 where
 * the ad is eligible (or a winner).
 */
export function winnersOf(
  ads: readonly AnalysedAd[],
  metric: FeatureMetric,
  minSpend: number,
): { eligible: Uint8Array; winners: Uint8Array } {
  const { denominator } = DERIVED_FORMULAS[metric];
  const beta = rankingModelOf(metric) === 'beta';
  const eligible = new Uint8Array(ads.length);
  const positions: number[] = [];
  ads.forEach((a, i) => {
    if (a.sums.spend > 0 && a.sums.spend >= minSpend && (!beta || a.sums[denominator] > 0)) {
      eligible[i] = 1;
      positions.push(i);
    }
  });
  const { estimates } = ebEstimates(
    positions.map((i) => ({ id: String(i), sums: ads[i]!.sums })),
    metric,
    { intervals: false },
  );
  const ordered = orderBest(
    estimates.map((e, k) => ({
      at: positions[k]!,
      estimate: e.estimate,
      spend: ads[positions[k]!]!.sums.spend,
    })),
    metric,
  );
  const winners = new Uint8Array(ads.length);
  for (const e of ordered.slice(0, Math.ceil(ordered.length * WINNER_SHARE))) winners[e.at] = 1;
  return { eligible, winners };
}

export interface FeatureAnalysis {
  metric: FeatureMetric;
  regression: PreparedRegression;
  /** Per ad (by position): its spend, its metric (NaN when it has none), eligible and winner flags. */
  spend: Float64Array;
  value: Float64Array;
  eligible: Uint8Array;
  winners: Uint8Array;
  totalSpend: number;
  /** Per feature id, which ads (by position) have it. */
  presence: Map<string, Uint8Array>;
  /** Per feature id, the other features present in exactly the same ads. */
  sameAds: Map<string, string[]>;
}

/** Features whose presence is the same ads, grouped: by a hash of the positions, then compared. */
function sameAdsOf(presence: ReadonlyMap<string, Uint8Array>): Map<string, string[]> {
  const buckets = new Map<string, string[]>();
  for (const [id, has] of presence) {
    let hash = 0x811c9dc5;
    let count = 0;
    for (let i = 0; i < has.length; i++)
      if (has[i]) {
        hash = Math.imul(hash ^ i, 0x01000193);
        count += 1;
      }
    if (count === 0) continue;
    const key = `${hash >>> 0}:${count}`;
    buckets.set(key, [...(buckets.get(key) ?? []), id]);
  }
  const out = new Map<string, string[]>();
  const equal = (a: Uint8Array, b: Uint8Array) => a.every((v, i) => v === b[i]);
  for (const ids of buckets.values())
    for (const id of ids)
      out.set(
        id,
        ids.filter((other) => other !== id && equal(presence.get(id)!, presence.get(other)!)),
      );
  return out;
}

/**
 * Everything the features share: the regression's prepared ads, the winners, which ad has which feature
 * (every feature, or only those named).
 */
export function analyseAds(
  ads: readonly AnalysedAd[],
  metric: FeatureMetric,
  minSpend: number,
  only?: readonly string[],
): FeatureAnalysis {
  const presence = new Map<string, Uint8Array>(only?.map((f) => [f, new Uint8Array(ads.length)]));
  const spend = new Float64Array(ads.length);
  const value = new Float64Array(ads.length);
  ads.forEach((a, i) => {
    spend[i] = a.sums.spend;
    value[i] = metricValue(a.sums, metric) ?? NaN;
    for (const f of a.features) {
      let has = presence.get(f);
      if (!has) {
        if (only) continue;
        has = new Uint8Array(ads.length);
        presence.set(f, has);
      }
      has[i] = 1;
    }
  });
  return {
    metric,
    regression: prepareFeatureRegression(ads, metric),
    spend,
    value,
    ...winnersOf(ads, metric, minSpend),
    totalSpend: spend.reduce((s, x) => s + x, 0),
    presence,
    sameAds: sameAdsOf(presence),
  };
}

/** The effect of one feature (adsWith 0 when no analysed ad has it): O(ads), no allocation per ad. */
export function effectOf(analysis: FeatureAnalysis, featureId: string): FeatureEffectShape {
  const n = analysis.spend.length;
  const has = analysis.presence.get(featureId) ?? new Uint8Array(n);
  const { spend, value, eligible, winners } = analysis;
  const ads = [0, 0];
  const spendOf = [0, 0];
  const weighted = [0, 0];
  const weight = [0, 0];
  let eligibleWith = 0;
  let winnersWith = 0;
  for (let i = 0; i < n; i++) {
    const k = has[i]!;
    ads[k]! += 1;
    spendOf[k]! += spend[i]!;
    if (!Number.isNaN(value[i]!) && spend[i]! > 0) {
      weighted[k]! += spend[i]! * value[i]!;
      weight[k]! += spend[i]!;
    }
    if (k === 1 && eligible[i]) {
      eligibleWith += 1;
      winnersWith += winners[i]!;
    }
  }
  const estimate = ads[1]! > 0 ? featureEffect(analysis.regression, has) : null;
  const mean = (k: 0 | 1) => (weight[k]! > 0 ? weighted[k]! / weight[k]! : null);
  return {
    featureId,
    adsWith: ads[1]!,
    adsWithout: ads[0]!,
    spendWith: spendOf[1]!,
    spendShare: analysis.totalSpend > 0 ? spendOf[1]! / analysis.totalSpend : 0,
    valueWith: mean(1),
    valueWithout: mean(0),
    lift: estimate?.lift ?? null,
    liftLow: estimate?.low ?? null,
    liftHigh: estimate?.high ?? null,
    significant: estimate?.significant ?? false,
    hitRate: eligibleWith > 0 ? winnersWith / eligibleWith : null,
    winnersWith,
    sameAdsAs: analysis.sameAds.get(featureId) ?? [],
  };
}

/** Significant effects first, then the largest lift (not estimable last), then the most spend. */
export function orderEffects<T extends FeatureEffectShape>(effects: T[]): T[] {
  return [...effects].sort(
    (a, b) =>
      Number(b.significant) - Number(a.significant) ||
      (b.lift ?? -Infinity) - (a.lift ?? -Infinity) ||
      b.spendWith - a.spendWith ||
      a.featureId.localeCompare(b.featureId),
  );
}
