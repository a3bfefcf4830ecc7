/**
 * Enhancement lift, pure: for the items both kinds of catalogue ad delivered, the pooled CTR, CVR and ROAS
 * (@adloom/commerce adMetrics formulas over summed rows) of Adloom creatives against the plain catalogue
 * image, the lift (ratio − 1) and a 95 % percentile interval from a two-way bootstrap: each resample draws
 * the items with replacement (both sides of an item kept together, so item-to-item differences do not read
 * as an effect) and, on each side, the ads with replacement (an ad's own pull, its audience and placement,
 * is noise shared by all its items: drawing items alone would read one lucky ad as a template's effect).
 * The random draws come from a fixed seed: the same data gives the same interval on every request.
 */
import { addSums, DERIVED_FORMULAS, emptySums, metricValue, type MetricSums } from '@adloom/commerce';
import type { CreativeFeatureMetricKey } from '../creative-feature-metric.js';

export const LIFT_METRICS = ['ctr', 'cvr', 'roas'] as const satisfies readonly CreativeFeatureMetricKey[];
export const BOOTSTRAP_RESAMPLES = 1000;
/** Rows and items read per interval at most: 20,000 of them get 500 resamples, not 1,000. */
const MAX_DRAWS = 10_000_000;
const MIN_RESAMPLES = 200;

/** The resamples for `n` rows and items: BOOTSTRAP_RESAMPLES, fewer for very many (never under 200). */
export function resamplesFor(n: number, max = BOOTSTRAP_RESAMPLES): number {
  return Math.max(Math.min(max, Math.floor(MAX_DRAWS / Math.max(n, 1))), Math.min(max, MIN_RESAMPLES));
}
const SEED = 0x19_0dba;
const EPSILON = 1e-9;

/** One catalogue ad's sums of one product over the range, on its side (what the ad showed). */
export interface LiftRow {
  adId: string;
  productId: string;
  side: 'enhancement' | 'catalog';
  sums: MetricSums;
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
    'bootstrap resamples of the items and, on each side, of the ads (percentile method); significant when ' +
    'the interval excludes 0.'
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

/** The products both kinds of catalogue ad delivered (shown at least once each), in first-seen order. */
export function comparedProducts(rows: readonly LiftRow[]): string[] {
  const shown = new Map<string, { enhancement: boolean; catalog: boolean }>();
  for (const r of rows) {
    const seen = shown.get(r.productId) ?? { enhancement: false, catalog: false };
    if (delivered(r.sums)) seen[r.side] = true;
    shown.set(r.productId, seen);
  }
  return [...shown].filter(([, s]) => s.enhancement && s.catalog).map(([id]) => id);
}

/**
 * The lift of each metric over the products both kinds delivered (rows of other products are left out).
 * Fewer than two items, or resamples where the catalogue side has no denominator or a zero value more often
 * than not, give no interval.
 */
export function enhancementLift(rows: readonly LiftRow[], maxResamples = BOOTSTRAP_RESAMPLES): LiftResult {
  const products = comparedProducts(rows);
  const itemIndex = new Map(products.map((id, k) => [id, k]));
  const kept = rows.filter((r) => itemIndex.has(r.productId));
  const n = products.length;
  let pooledE = emptySums();
  let pooledC = emptySums();
  for (const r of kept) {
    if (r.side === 'enhancement') pooledE = addSums(pooledE, r.sums);
    else pooledC = addSums(pooledC, r.sums);
  }
  const draws = LIFT_METRICS.map(() => [] as number[]);
  const resamples = resamplesFor(n + kept.length, maxResamples);
  if (n >= 2) {
    const random = seededRandom(SEED);
    // Each side's ads, numbered 0… within the side.
    const adIndex = { enhancement: new Map<string, number>(), catalog: new Map<string, number>() };
    for (const r of kept) {
      const ads = adIndex[r.side];
      if (!ads.has(r.adId)) ads.set(r.adId, ads.size);
    }
    const adsE = adIndex.enhancement.size;
    const adsC = adIndex.catalog.size;
    // Per row: its item, its ad (catalogue ads after the enhancement ones), its side, and per metric the
    // numerator and denominator.
    const width = LIFT_METRICS.length * 2;
    const item = new Int32Array(kept.length);
    const ad = new Int32Array(kept.length);
    const catalogSide = new Uint8Array(kept.length);
    const parts = new Float64Array(kept.length * width);
    kept.forEach((r, k) => {
      item[k] = itemIndex.get(r.productId)!;
      const within = adIndex[r.side].get(r.adId)!;
      ad[k] = r.side === 'enhancement' ? within : adsE + within;
      catalogSide[k] = r.side === 'catalog' ? 1 : 0;
      LIFT_METRICS.forEach((metric, m) => {
        const { numerator, denominator } = DERIVED_FORMULAS[metric];
        parts[k * width + m * 2] = r.sums[numerator];
        parts[k * width + m * 2 + 1] = r.sums[denominator];
      });
    });
    const itemDraws = new Float64Array(n);
    const adDraws = new Float64Array(adsE + adsC);
    // Enhancement side then catalogue side, per metric: numerator and denominator.
    const acc = new Float64Array(width * 2);
    for (let b = 0; b < resamples; b++) {
      itemDraws.fill(0);
      adDraws.fill(0);
      for (let k = 0; k < n; k++) itemDraws[Math.floor(random() * n)]! += 1;
      for (let k = 0; k < adsE; k++) adDraws[Math.floor(random() * adsE)]! += 1;
      for (let k = 0; k < adsC; k++) adDraws[adsE + Math.floor(random() * adsC)]! += 1;
      acc.fill(0);
      for (let k = 0; k < kept.length; k++) {
        const weight = itemDraws[item[k]!]! * adDraws[ad[k]!]!;
        if (weight === 0) continue;
        const to = catalogSide[k]! * width;
        for (let j = 0; j < width; j++) acc[to + j]! += weight * parts[k * width + j]!;
      }
      for (let m = 0; m < LIFT_METRICS.length; m++) {
        const [en, ed, cn, cd] = [acc[m * 2]!, acc[m * 2 + 1]!, acc[width + m * 2]!, acc[width + m * 2 + 1]!];
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
