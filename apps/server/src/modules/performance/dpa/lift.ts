/**
 * Enhancement lift, pure: for the items both kinds of catalogue ad delivered, the pooled CTR, CVR and ROAS
 * (@adloom/commerce adMetrics formulas over summed rows) of Adloom creatives against the plain catalogue
 * image, the lift (ratio − 1) and a 95 % percentile interval from a bootstrap over items (items drawn with
 * replacement, both sides of an item kept together, so item-to-item differences do not read as an effect).
 * The random draws come from a fixed seed: the same data gives the same interval on every request.
 */
import { addSums, DERIVED_FORMULAS, emptySums, metricValue, type MetricSums } from '@adloom/commerce';
import type { CreativeFeatureMetricKey } from '../creative-feature-metric.js';

export const LIFT_METRICS = ['ctr', 'cvr', 'roas'] as const satisfies readonly CreativeFeatureMetricKey[];
export const BOOTSTRAP_RESAMPLES = 1000;
/** Item draws per interval at most: a catalogue of 20,000 items delivered gets 500 resamples, not 1,000. */
const MAX_DRAWS = 10_000_000;
const MIN_RESAMPLES = 200;

/** The resamples for `n` items: BOOTSTRAP_RESAMPLES, fewer for very many items (never under 200). */
export function resamplesFor(n: number, max = BOOTSTRAP_RESAMPLES): number {
  return Math.max(Math.min(max, Math.floor(MAX_DRAWS / Math.max(n, 1))), Math.min(max, MIN_RESAMPLES));
}
const SEED = 0x19_0dba;
const EPSILON = 1e-9;

/** One item: its rows' sums under Adloom creatives and under the catalogue image. */
export interface ItemSides {
  enhancement: MetricSums;
  catalog: MetricSums;
}

export interface MetricLift {
  metric: CreativeFeatureMetricKey;
  enhancement: number | null;
  catalog: number | null;
  lift: number | null;
  low: number | null;
  high: number | null;
  significant: boolean;
}

export interface LiftResult {
  itemsCompared: number;
  enhancementSpend: number;
  catalogSpend: number;
  method: string;
  metrics: MetricLift[];
}

/** Delivered: shown at least once. */
export const delivered = (sums: MetricSums) => sums.impressions > 0;

export function liftMethod(resamples = BOOTSTRAP_RESAMPLES): string {
  return (
    'Items shown both with an Adloom creative and with the plain catalogue image in the range; each metric ' +
    'pooled over those items (CTR = link clicks ÷ impressions, CVR = purchases ÷ link clicks, ROAS = purchase ' +
    `value ÷ spend); lift = Adloom ÷ catalogue − 1; 95 % interval from ${resamples.toLocaleString('en')} ` +
    'bootstrap resamples of the items (percentile method); significant when the interval excludes 0.'
  );
}

/** A small deterministic PRNG (mulberry32): uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The q-quantile of sorted values, interpolated linearly. */
function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

const ratioLift = (enhancement: number | null, catalog: number | null) =>
  enhancement == null || catalog == null || !(catalog > 0) ? null : enhancement / catalog - 1;

/**
 * The lift of each metric over the items given (callers pass only items both kinds delivered). Fewer than
 * two items, or resamples where the catalogue side has no denominator or a zero value more often than not,
 * give no interval.
 */
export function enhancementLift(items: readonly ItemSides[], maxResamples = BOOTSTRAP_RESAMPLES): LiftResult {
  const n = items.length;
  let pooledE = emptySums();
  let pooledC = emptySums();
  for (const item of items) {
    pooledE = addSums(pooledE, item.enhancement);
    pooledC = addSums(pooledC, item.catalog);
  }
  const draws = LIFT_METRICS.map(() => [] as number[]);
  const resamples = resamplesFor(n, maxResamples);
  if (n >= 2) {
    const random = seededRandom(SEED);
    // Per item, per metric: numerator and denominator of each side, laid out flat (4 per metric).
    const width = LIFT_METRICS.length * 4;
    const parts = new Float64Array(n * width);
    items.forEach((item, k) =>
      LIFT_METRICS.forEach((metric, m) => {
        const { numerator, denominator } = DERIVED_FORMULAS[metric];
        const at = k * width + m * 4;
        parts[at] = item.enhancement[numerator];
        parts[at + 1] = item.enhancement[denominator];
        parts[at + 2] = item.catalog[numerator];
        parts[at + 3] = item.catalog[denominator];
      }),
    );
    const acc = new Float64Array(width);
    for (let b = 0; b < resamples; b++) {
      acc.fill(0);
      for (let k = 0; k < n; k++) {
        const at = Math.floor(random() * n) * width;
        for (let j = 0; j < width; j++) acc[j]! += parts[at + j]!;
      }
      for (let m = 0; m < LIFT_METRICS.length; m++) {
        const [en, ed, cn, cd] = [acc[m * 4]!, acc[m * 4 + 1]!, acc[m * 4 + 2]!, acc[m * 4 + 3]!];
        if (ed > 0 && cd > 0 && cn > 0) draws[m]!.push(en / ed / (cn / cd) - 1);
      }
    }
  }
  const metrics = LIFT_METRICS.map((metric, m): MetricLift => {
    const enhancement = metricValue(pooledE, metric);
    const catalog = metricValue(pooledC, metric);
    const lift = ratioLift(enhancement, catalog);
    const sorted = draws[m]!.sort((a, b) => a - b);
    const enough = lift != null && sorted.length * 2 > resamples;
    const low = enough ? quantile(sorted, 0.025) : null;
    const high = enough ? quantile(sorted, 0.975) : null;
    return {
      metric,
      enhancement,
      catalog,
      lift,
      low,
      high,
      // Rounding must not make a degenerate interval at 0 (identical sides) significant.
      significant: low != null && high != null && (low > EPSILON || high < -EPSILON),
    };
  });
  return {
    itemsCompared: n,
    enhancementSpend: pooledE.spend,
    catalogSpend: pooledC.spend,
    method: liftMethod(resamples),
    metrics,
  };
}
