/**
 * The effect of one creative feature on a metric, by weighted least squares: the ad's log metric on the
 * feature's 0/1 indicator, with a fixed effect per campaign and log(spend) as a control, weights = spend.
 * The campaign effects are absorbed by demeaning within each campaign (Frisch–Waugh–Lovell), so a feature
 * costs O(ads) and no campaign dummies are built. Standard errors are heteroskedasticity-robust (HC1) and
 * the interval uses Student's t with n − k degrees of freedom (k counts the campaign effects).
 */
import { betaQuantile } from '../../dashboards/beta.js';

/** An ad in the regression: its campaign, outcome y, weight and control. */
export interface RegressionAd {
  group: string;
  y: number;
  weight: number;
  control: number;
}

/** The ads prepared once (outcome and control demeaned within campaigns), then shared by every feature. */
export interface PreparedRegression {
  n: number;
  /** The position in the given ads of each ad kept (ads without weight or with a non-finite value are not). */
  source: Int32Array;
  groups: number;
  groupOf: Int32Array;
  weight: Float64Array;
  /** Total weight per campaign. */
  groupWeight: Float64Array;
  y: Float64Array;
  control: Float64Array;
  /** False when the control does not vary within campaigns (it is then left out). */
  useControl: boolean;
  szz: number;
  szy: number;
}

export interface FeatureEffectEstimate {
  /** The coefficient on the log scale; the effect on the metric is exp(beta) − 1. */
  beta: number;
  se: number;
  df: number;
  lift: number;
  low: number;
  high: number;
  significant: boolean;
}

/** Fewer ads than this with, or without, the feature (in campaigns that have both): not estimable. */
export const MIN_ADS_EACH_SIDE = 3;

const RELATIVE_EPSILON = 1e-10;

/** Demeans the outcome and the control within campaigns (weighted), once for all features. */
export function prepareRegression(ads: readonly RegressionAd[]): PreparedRegression {
  const index = new Map<string, number>();
  const keptAt: number[] = [];
  ads.forEach((a, i) => {
    if (a.weight > 0 && Number.isFinite(a.y) && Number.isFinite(a.control)) keptAt.push(i);
  });
  const kept = keptAt.map((i) => ads[i]!);
  const n = kept.length;
  const groupOf = new Int32Array(n);
  const weight = new Float64Array(n);
  kept.forEach((a, i) => {
    let g = index.get(a.group);
    if (g === undefined) {
      g = index.size;
      index.set(a.group, g);
    }
    groupOf[i] = g;
    weight[i] = a.weight;
  });
  const groups = index.size;
  const groupWeight = new Float64Array(groups);
  for (let i = 0; i < n; i++) groupWeight[groupOf[i]!]! += weight[i]!;
  const y = demean(
    kept.map((a) => a.y),
    groupOf,
    weight,
    groupWeight,
  );
  const control = demean(
    kept.map((a) => a.control),
    groupOf,
    weight,
    groupWeight,
  );
  let szz = 0;
  let szy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    szz += weight[i]! * control[i]! ** 2;
    szy += weight[i]! * control[i]! * y[i]!;
    syy += weight[i]! * y[i]! ** 2;
  }
  const totalWeight = weight.reduce((s, w) => s + w, 0);
  // A control that barely moves within campaigns (every ad spent the same) would make the system singular.
  const useControl = szz > RELATIVE_EPSILON * Math.max(totalWeight, syy, 1);
  return {
    n,
    source: Int32Array.from(keptAt),
    groups,
    groupOf,
    weight,
    groupWeight,
    y,
    control,
    useControl,
    szz,
    szy,
  };
}

function demean(
  values: readonly number[],
  groupOf: Int32Array,
  weight: Float64Array,
  groupWeight: Float64Array,
): Float64Array {
  const sums = new Float64Array(groupWeight.length);
  for (let i = 0; i < values.length; i++) sums[groupOf[i]!]! += weight[i]! * values[i]!;
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++)
    out[i] = values[i]! - sums[groupOf[i]!]! / groupWeight[groupOf[i]!]!;
  return out;
}

/**
 * The feature's effect, `has[i]` telling whether ad i (in the order of the ads given to prepareRegression) has it. Null when
 * it cannot be estimated: fewer than MIN_ADS_EACH_SIDE ads with or without it in campaigns that have
 * both, no degrees of freedom left, or a singular system.
 */
export function featureEffect(
  p: PreparedRegression,
  has: ArrayLike<boolean | number>,
): FeatureEffectEstimate | null {
  const { n, groupOf, weight, groupWeight } = p;
  const withCount = new Int32Array(p.groups);
  const groupCount = new Int32Array(p.groups);
  const xSums = new Float64Array(p.groups);
  for (let i = 0; i < n; i++) {
    const g = groupOf[i]!;
    groupCount[g]! += 1;
    if (has[p.source[i]!]) {
      withCount[g]! += 1;
      xSums[g]! += weight[i]!;
    }
  }
  let adsWith = 0;
  let adsWithout = 0;
  for (let g = 0; g < p.groups; g++) {
    const w = withCount[g]!;
    if (w > 0 && w < groupCount[g]!) {
      adsWith += w;
      adsWithout += groupCount[g]! - w;
    }
  }
  if (adsWith < MIN_ADS_EACH_SIDE || adsWithout < MIN_ADS_EACH_SIDE) return null;
  const params = p.useControl ? 2 : 1;
  const df = n - p.groups - params;
  if (df < 1) return null;

  const x = new Float64Array(n);
  let sxx = 0;
  let sxz = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const g = groupOf[i]!;
    const xi = (has[p.source[i]!] ? 1 : 0) - xSums[g]! / groupWeight[g]!;
    x[i] = xi;
    sxx += weight[i]! * xi * xi;
    sxz += weight[i]! * xi * p.control[i]!;
    sxy += weight[i]! * xi * p.y[i]!;
  }
  // (X'WX)⁻¹ for X = [x, z] (or [x] alone).
  let a00: number;
  let a01 = 0;
  let beta: number;
  let gamma = 0;
  if (p.useControl) {
    const det = sxx * p.szz - sxz * sxz;
    if (!(det > RELATIVE_EPSILON * sxx * p.szz)) return null;
    a00 = p.szz / det;
    a01 = -sxz / det;
    beta = a00 * sxy + a01 * p.szy;
    gamma = a01 * sxy + (sxx / det) * p.szy;
  } else {
    if (!(sxx > 0)) return null;
    a00 = 1 / sxx;
    beta = sxy / sxx;
  }
  // The meat: Σ w²e² · [x z]ᵀ[x z].
  let m00 = 0;
  let m01 = 0;
  let m11 = 0;
  for (let i = 0; i < n; i++) {
    const zi = p.useControl ? p.control[i]! : 0;
    const e = p.y[i]! - beta * x[i]! - gamma * zi;
    const we2 = (weight[i]! * e) ** 2;
    m00 += we2 * x[i]! * x[i]!;
    m01 += we2 * x[i]! * zi;
    m11 += we2 * zi * zi;
  }
  // Row 0 of A⁻¹ M A⁻¹, scaled by n ÷ (n − k).
  const r0 = a00 * m00 + a01 * m01;
  const r1 = a00 * m01 + a01 * m11;
  const variance = (r0 * a00 + r1 * a01) * (n / df);
  if (!(variance >= 0) || !Number.isFinite(variance)) return null;
  const se = Math.sqrt(variance);
  const t = tQuantile975(df);
  const low = Math.exp(beta - t * se) - 1;
  const high = Math.exp(beta + t * se) - 1;
  return { beta, se, df, lift: Math.exp(beta) - 1, low, high, significant: low > 0 || high < 0 };
}

const tCache = new Map<number, number>();

/** The 97.5 % quantile of Student's t with `df` degrees of freedom (1.96 as df grows). */
export function tQuantile975(df: number): number {
  if (df > 1000) return 1.959963984540054;
  const cached = tCache.get(df);
  if (cached !== undefined) return cached;
  // P(|T| > t) = I_{df/(df+t²)}(df/2, 1/2).
  const x = betaQuantile(0.05, df / 2, 0.5);
  const t = Math.sqrt((df * (1 - x)) / x);
  tCache.set(df, t);
  return t;
}
