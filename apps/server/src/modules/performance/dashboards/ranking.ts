/** Winners and losers (adRanking): the eligible ads' empirical-Bayes estimates (eb-ranking.ts), best and worst. */
import { DERIVED_FORMULAS, METRICS, type DerivedMetric, type MetricKey } from '@adloom/commerce';
import type { Db } from '../../../db/client.js';
import type { AccountScope } from '../scope.js';
import { adSums, adsWithValues, type PerformanceAdShape } from './ads.js';
import { ebEstimates, orderBest, rankingModelOf, type RankingModel } from './eb-ranking.js';
import { minSpendOf } from './settings.js';

export interface RankedAdShape {
  ad: PerformanceAdShape;
  observed: number | null;
  estimate: number;
  low: number;
  high: number;
  rank: number;
}

export interface AdRankingShape {
  metric: MetricKey;
  minSpend: number;
  method: string;
  prior: number;
  winners: RankedAdShape[];
  losers: RankedAdShape[];
  eligibleAds: number;
  excludedBelowMinSpend: number;
}

/** How the ads were ranked, in two sentences for the page. */
export function rankingMethod(
  metric: DerivedMetric,
  model: RankingModel,
  minSpend: number,
  currency: string | null,
): string {
  const label = METRICS[metric].label;
  const money = `${minSpend} ${currency ?? ''}`.trim();
  const scope = `Ads that spent at least ${money} in the range are ranked by an empirical-Bayes estimate of their ${label}, pulled towards the average of those ads the less data they have; ranges are 90 % credible intervals and losers are the worst estimates.`;
  const { numerator, denominator } = DERIVED_FORMULAS[metric];
  if (model === 'beta')
    return `${scope} Model: beta–binomial (${METRICS[numerator].label} out of ${METRICS[denominator].label}) with the Beta prior fitted by the method of moments across the ranked ads.`;
  if (model === 'normal')
    return `${scope} Model: normal–normal (James–Stein) shrinkage of each ad's ROAS, its variance from its spend (purchases as Poisson at the average rate, orders at the average value), the spread between ads by DerSimonian–Laird.`;
  return `${scope} Model: normal–normal (James–Stein) shrinkage of ${METRICS[denominator].label.toLowerCase()} per unit of spend (Poisson variance from the ad's spend, spread between ads by DerSimonian–Laird), then inverted to ${label}.`;
}

export async function adRanking(
  db: Db,
  scope: AccountScope,
  metric: MetricKey,
  limit: number,
): Promise<AdRankingShape> {
  const model = rankingModelOf(metric);
  const derived = metric as DerivedMetric;
  const minSpend = await minSpendOf(db, scope.clientId);
  const all = await adSums(db, scope);
  const { denominator } = DERIVED_FORMULAS[derived];
  const aboveMin = all.filter((a) => a.sums.spend >= minSpend);
  const eligible = aboveMin.filter((a) => a.sums.spend > 0 && (model !== 'beta' || a.sums[denominator] > 0));
  const { prior, estimates } = ebEstimates(
    eligible.map((a) => ({ id: a.adId, sums: a.sums })),
    derived,
  );
  const spendOf = new Map(eligible.map((a) => [a.adId, a.sums.spend]));
  const ordered = orderBest(
    estimates.map((e) => ({ ...e, spend: spendOf.get(e.id) ?? 0 })),
    metric,
  );
  const best = ordered.slice(0, limit);
  const worst = ordered.slice(best.length).reverse().slice(0, limit);
  const ads = new Map(
    (
      await adsWithValues(
        db,
        scope.clientId,
        [...best, ...worst].map((e) => ({ adId: e.id, sums: eligible.find((a) => a.adId === e.id)!.sums })),
      )
    ).map((a) => [a.id, a]),
  );
  const ranked = (rows: typeof ordered) =>
    rows.flatMap((e, i) => {
      const ad = ads.get(e.id);
      return ad
        ? [{ ad, observed: e.observed, estimate: e.estimate, low: e.low, high: e.high, rank: i + 1 }]
        : [];
    });
  return {
    metric,
    minSpend,
    method: rankingMethod(derived, model, minSpend, scope.currency),
    prior,
    winners: ranked(best),
    losers: ranked(worst),
    eligibleAds: eligible.length,
    excludedBelowMinSpend: all.length - aboveMin.length,
  };
}
