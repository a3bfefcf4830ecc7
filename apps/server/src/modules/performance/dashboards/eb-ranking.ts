/**
 * Empirical-Bayes estimates of an ad's metric, for winners and losers: an ad with little data is pulled
 * towards the account-wide value, so a lucky ad with a few euros of spend does not top the list.
 *
 * - Rates (CTR = link clicks ÷ impressions, conversion rate = purchases ÷ link clicks, hook and hold rates):
 *   beta–binomial. The prior Beta(α, β) is fitted by the method of moments across the eligible ads: its mean
 *   is the pooled rate m = Σx ÷ Σn; its variance is the spread of the ads' rates weighted by their
 *   denominators, less the binomial noise that spread would show anyway (m(1−m)·k ÷ Σn). An ad's posterior
 *   is Beta(α + x, β + n − x); the estimate is its mean, the interval its 5 % and 95 % quantiles.
 * - ROAS: normal–normal (James–Stein) shrinkage of the ad's ROAS r = revenue ÷ spend towards the pooled
 *   ROAS R = Σrevenue ÷ Σspend. The ad's sampling variance comes from its spend: σ² = R × AOV ÷ spend, the
 *   variance of revenue ÷ spend when purchases are Poisson at the account's rate and orders are worth the
 *   account's AOV. The variance between ads, τ², is estimated by DerSimonian–Laird; the estimate is
 *   R + B(r − R) with B = τ² ÷ (τ² + σ²), its variance B·σ², the interval ±1.645 standard deviations.
 * - Costs (CPA, CPC, CPM): the same normal–normal shrinkage on the count bought per unit of spend
 *   (purchases, link clicks or impressions ÷ spend, Poisson: σ² = pooled rate ÷ spend), then inverted; the
 *   interval is taken on the log scale (delta method) so it stays positive.
 * Winners are the best estimates; losers the worst estimates (not the interval bounds), excluding winners.
 */
import {
  DERIVED_FORMULAS,
  METRICS,
  isDerivedMetric,
  metricValue,
  type DerivedMetric,
  type MetricKey,
  type MetricSums,
} from '@adloom/commerce';
import { invalidInput } from '../../../errors.js';
import { betaQuantile } from './beta.js';

const Z90 = 1.6448536269514722;

export type RankingModel = 'beta' | 'normal' | 'normal-inverse';

/** The metrics winners and losers can be ranked by, and how. */
export const RANKING_MODELS: Partial<Record<DerivedMetric, RankingModel>> = {
  ctr: 'beta',
  cvr: 'beta',
  hookRate: 'beta',
  holdRate: 'beta',
  roas: 'normal',
  cpa: 'normal-inverse',
  cpc: 'normal-inverse',
  cpm: 'normal-inverse',
};

export function rankingModelOf(metric: MetricKey): RankingModel {
  const model = isDerivedMetric(metric) ? RANKING_MODELS[metric] : undefined;
  if (!model)
    throw invalidInput(
      `Ads are ranked by a rate: CTR, conversion rate, hook rate, hold rate, ROAS, CPA, CPC or CPM (${METRICS[metric].label} is not one).`,
    );
  return model;
}

export interface RankItem {
  id: string;
  sums: MetricSums;
}

export interface Estimate {
  id: string;
  observed: number | null;
  estimate: number;
  low: number;
  high: number;
}

export interface EbResult {
  prior: number;
  estimates: Estimate[];
}

/**
 * Estimates of every item (the eligible ads), in the order given. Without `intervals` low and high are the
 * estimate: the Beta quantiles cost about 0.1 ms an ad, too much for the creative features' 50,000 ads.
 */
export function ebEstimates(
  items: readonly RankItem[],
  metric: DerivedMetric,
  opts: { intervals?: boolean } = {},
): EbResult {
  const model = rankingModelOf(metric);
  if (model === 'beta') return betaEstimates(items, metric, opts.intervals ?? true);
  return normalEstimates(items, metric, model === 'normal-inverse');
}

function betaEstimates(items: readonly RankItem[], metric: DerivedMetric, intervals: boolean): EbResult {
  const { numerator, denominator } = DERIVED_FORMULAS[metric];
  const data = items.map((it) => {
    const n = Math.max(0, it.sums[denominator]);
    return { it, n, x: Math.min(Math.max(0, it.sums[numerator]), n) };
  });
  const totalN = data.reduce((s, d) => s + d.n, 0);
  const totalX = data.reduce((s, d) => s + d.x, 0);
  const m = totalN > 0 ? totalX / totalN : 0;
  const observed = (it: RankItem) => metricValue(it.sums, metric);
  if (m <= 0 || m >= 1)
    return {
      prior: m,
      estimates: items.map((it) => ({ id: it.id, observed: observed(it), estimate: m, low: m, high: m })),
    };
  const withData = data.filter((d) => d.n > 0);
  const spread = withData.reduce((s, d) => s + d.n * (d.x / d.n - m) ** 2, 0) / totalN;
  const noise = (m * (1 - m) * withData.length) / totalN;
  const between = spread - noise;
  // No spread beyond noise: the ads do not differ measurably, and all shrink (almost) to the mean.
  const kappa = between > 0 ? Math.min(Math.max((m * (1 - m)) / between - 1, 0.5), 1e7) : 1e7;
  const alpha = m * kappa;
  const beta = (1 - m) * kappa;
  return {
    prior: m,
    estimates: data.map(({ it, n, x }) => {
      const a = alpha + x;
      const b = beta + n - x;
      const estimate = a / (a + b);
      return {
        id: it.id,
        observed: observed(it),
        estimate,
        low: intervals ? betaQuantile(0.05, a, b) : estimate,
        high: intervals ? betaQuantile(0.95, a, b) : estimate,
      };
    }),
  };
}

/** τ² by DerSimonian–Laird for values y with sampling variances v around their weighted mean. */
export function dersimonianLaird(y: readonly number[], v: readonly number[]): number {
  if (y.length < 2) return 0;
  const w = v.map((x) => 1 / x);
  const sw = w.reduce((s, x) => s + x, 0);
  const mean = w.reduce((s, x, i) => s + x * y[i]!, 0) / sw;
  const q = w.reduce((s, x, i) => s + x * (y[i]! - mean) ** 2, 0);
  const c = sw - w.reduce((s, x) => s + x * x, 0) / sw;
  return c > 0 ? Math.max(0, (q - (y.length - 1)) / c) : 0;
}

function normalEstimates(items: readonly RankItem[], metric: DerivedMetric, inverse: boolean): EbResult {
  const { numerator, denominator, factor } = DERIVED_FORMULAS[metric];
  const spend = (it: RankItem) => it.sums.spend;
  const totalSpend = items.reduce((s, it) => s + spend(it), 0);
  const observed = (it: RankItem) => metricValue(it.sums, metric);
  // The value shrunk: ROAS itself, or for a cost the count bought per unit of spend.
  const count = (it: RankItem) => (inverse ? it.sums[denominator] : it.sums[numerator]);
  const totalCount = items.reduce((s, it) => s + count(it), 0);
  const pooled = totalSpend > 0 ? totalCount / totalSpend : 0;
  const prior = inverse ? (pooled > 0 ? factor / pooled : 0) : pooled * factor;
  const totalPurchases = items.reduce((s, it) => s + it.sums.purchases, 0);
  const aov = totalPurchases > 0 ? items.reduce((s, it) => s + it.sums.purchaseValue, 0) / totalPurchases : 0;
  const perUnit = inverse ? pooled : pooled * aov;
  if (perUnit <= 0)
    return {
      prior,
      estimates: items.map((it) => ({
        id: it.id,
        observed: observed(it),
        estimate: prior,
        low: prior,
        high: prior,
      })),
    };
  const y = items.map((it) => count(it) / spend(it));
  const v = items.map((it) => perUnit / spend(it));
  const tau2 = dersimonianLaird(y, v);
  return {
    prior,
    estimates: items.map((it, i) => {
      const b = tau2 / (tau2 + v[i]!);
      const est = pooled + b * (y[i]! - pooled);
      const sd = Math.sqrt(b * v[i]!);
      if (!inverse)
        return {
          id: it.id,
          observed: observed(it),
          estimate: est * factor,
          low: (est - Z90 * sd) * factor,
          high: (est + Z90 * sd) * factor,
        };
      // est ≥ (1 − b)·pooled > 0 unless b = 1 (then y > 0 since τ² > 0 only when ads differ).
      const safe = Math.max(est, pooled * 1e-6);
      const spreadLog = (Z90 * sd) / safe;
      return {
        id: it.id,
        observed: observed(it),
        estimate: factor / safe,
        low: factor / (safe * Math.exp(spreadLog)),
        high: factor / (safe * Math.exp(-spreadLog)),
      };
    }),
  };
}

/** Best first (highest, or lowest for a cost), ties to the larger spend. */
export function orderBest<T extends { estimate: number; spend: number }>(rows: T[], metric: MetricKey): T[] {
  const lowerIsBetter = METRICS[metric].higherIsBetter === false;
  return [...rows].sort(
    (a, b) => (lowerIsBetter ? a.estimate - b.estimate : b.estimate - a.estimate) || b.spend - a.spend,
  );
}
