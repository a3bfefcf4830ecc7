/**
 * Advertising metrics: the sums stored per ad and day (base metrics) and the ratios computed from them
 * (derived metrics), with their definitions as the dashboards show them. Derived metrics are computed from
 * summed base metrics over whatever rows a view covers (never averaged, never stored), the same way on the
 * server and in the browser.
 */

/** Additive metrics, stored per ad, day and breakdown value. */
export const BASE_METRICS = [
  'spend',
  'impressions',
  'reach',
  'clicks',
  'linkClicks',
  'purchases',
  'purchaseValue',
  'addToCart',
  'video3sPlays',
  'thruplays',
] as const;
export type BaseMetric = (typeof BASE_METRICS)[number];

/** Summed base metrics of some rows. */
export type MetricSums = Record<BaseMetric, number>;

export const DERIVED_METRICS = [
  'ctr',
  'cpc',
  'cpm',
  'cpa',
  'roas',
  'aov',
  'cvr',
  'frequency',
  'hookRate',
  'holdRate',
] as const;
export type DerivedMetric = (typeof DERIVED_METRICS)[number];

export type MetricKey = BaseMetric | DerivedMetric;
export const METRIC_KEYS: readonly MetricKey[] = [...BASE_METRICS, ...DERIVED_METRICS];

/** How a value is written: money in the account's currency, a plain count, a percentage, a multiple. */
export type MetricFormat = 'money' | 'count' | 'percent' | 'ratio';

export interface MetricDefinition {
  key: MetricKey;
  label: string;
  /** One sentence a marketer reads in a tooltip: what the number is, and how it is computed. */
  definition: string;
  format: MetricFormat;
  /** True when a higher value is better (ROAS), false when lower is better (CPA); null for volumes (spend). */
  higherIsBetter: boolean | null;
}

export const METRICS: Readonly<Record<MetricKey, MetricDefinition>> = {
  spend: {
    key: 'spend',
    label: 'Spend',
    definition: 'Amount spent on the ads, in the ad account’s currency.',
    format: 'money',
    higherIsBetter: null,
  },
  impressions: {
    key: 'impressions',
    label: 'Impressions',
    definition: 'Times the ads were shown on screen.',
    format: 'count',
    higherIsBetter: null,
  },
  reach: {
    key: 'reach',
    label: 'Reach (daily, summed)',
    definition:
      'People who saw the ads at least once, counted per day and added up over the days (a person seen on two days counts twice).',
    format: 'count',
    higherIsBetter: null,
  },
  clicks: {
    key: 'clicks',
    label: 'Clicks (all)',
    definition: 'Every click on the ads, including likes, profile and "see more" clicks.',
    format: 'count',
    higherIsBetter: true,
  },
  linkClicks: {
    key: 'linkClicks',
    label: 'Link clicks',
    definition: 'Clicks on the ads’ links to the destination.',
    format: 'count',
    higherIsBetter: true,
  },
  purchases: {
    key: 'purchases',
    label: 'Purchases',
    definition: 'Purchases attributed to the ads by the attribution setting shown.',
    format: 'count',
    higherIsBetter: true,
  },
  purchaseValue: {
    key: 'purchaseValue',
    label: 'Revenue',
    definition: 'Purchase conversion value attributed to the ads, in the ad account’s currency.',
    format: 'money',
    higherIsBetter: true,
  },
  addToCart: {
    key: 'addToCart',
    label: 'Adds to cart',
    definition: 'Adds to cart attributed to the ads.',
    format: 'count',
    higherIsBetter: true,
  },
  video3sPlays: {
    key: 'video3sPlays',
    label: '3-second plays',
    definition: 'Video plays of at least 3 seconds.',
    format: 'count',
    higherIsBetter: true,
  },
  thruplays: {
    key: 'thruplays',
    label: 'ThruPlays',
    definition: 'Video plays to the end, or of at least 15 seconds.',
    format: 'count',
    higherIsBetter: true,
  },
  ctr: {
    key: 'ctr',
    label: 'CTR',
    definition: 'Link click-through rate: link clicks ÷ impressions.',
    format: 'percent',
    higherIsBetter: true,
  },
  cpc: {
    key: 'cpc',
    label: 'CPC',
    definition: 'Cost per link click: spend ÷ link clicks.',
    format: 'money',
    higherIsBetter: false,
  },
  cpm: {
    key: 'cpm',
    label: 'CPM',
    definition: 'Cost per 1,000 impressions: spend ÷ impressions × 1,000.',
    format: 'money',
    higherIsBetter: false,
  },
  cpa: {
    key: 'cpa',
    label: 'CPA',
    definition: 'Cost per purchase: spend ÷ purchases.',
    format: 'money',
    higherIsBetter: false,
  },
  roas: {
    key: 'roas',
    label: 'ROAS',
    definition: 'Return on ad spend: revenue ÷ spend.',
    format: 'ratio',
    higherIsBetter: true,
  },
  aov: {
    key: 'aov',
    label: 'AOV',
    definition: 'Average order value: revenue ÷ purchases.',
    format: 'money',
    higherIsBetter: true,
  },
  cvr: {
    key: 'cvr',
    label: 'Conversion rate',
    definition: 'Purchases ÷ link clicks.',
    format: 'percent',
    higherIsBetter: true,
  },
  frequency: {
    key: 'frequency',
    label: 'Frequency',
    definition:
      'Impressions ÷ reach, with reach counted per day: the average times a person saw the ads in a day.',
    format: 'ratio',
    higherIsBetter: null,
  },
  hookRate: {
    key: 'hookRate',
    label: 'Hook rate',
    definition: '3-second video plays ÷ impressions.',
    format: 'percent',
    higherIsBetter: true,
  },
  holdRate: {
    key: 'holdRate',
    label: 'Hold rate',
    definition: 'ThruPlays ÷ 3-second video plays.',
    format: 'percent',
    higherIsBetter: true,
  },
};

/** The numerator and denominator of each derived metric (and the factor applied to their quotient). */
export const DERIVED_FORMULAS: Readonly<
  Record<DerivedMetric, { numerator: BaseMetric; denominator: BaseMetric; factor: number }>
> = {
  ctr: { numerator: 'linkClicks', denominator: 'impressions', factor: 1 },
  cpc: { numerator: 'spend', denominator: 'linkClicks', factor: 1 },
  cpm: { numerator: 'spend', denominator: 'impressions', factor: 1000 },
  cpa: { numerator: 'spend', denominator: 'purchases', factor: 1 },
  roas: { numerator: 'purchaseValue', denominator: 'spend', factor: 1 },
  aov: { numerator: 'purchaseValue', denominator: 'purchases', factor: 1 },
  cvr: { numerator: 'purchases', denominator: 'linkClicks', factor: 1 },
  frequency: { numerator: 'impressions', denominator: 'reach', factor: 1 },
  hookRate: { numerator: 'video3sPlays', denominator: 'impressions', factor: 1 },
  holdRate: { numerator: 'thruplays', denominator: 'video3sPlays', factor: 1 },
};

export function isDerivedMetric(key: MetricKey): key is DerivedMetric {
  return key in DERIVED_FORMULAS;
}

export function isMetricKey(key: string): key is MetricKey {
  return (METRIC_KEYS as readonly string[]).includes(key);
}

/** Sums with every base metric at 0. */
export function emptySums(): MetricSums {
  return Object.fromEntries(BASE_METRICS.map((k) => [k, 0])) as MetricSums;
}

/** Adds `b` into a copy of `a`. */
export function addSums(a: MetricSums, b: Partial<MetricSums>): MetricSums {
  const out = { ...a };
  for (const k of BASE_METRICS) out[k] += b[k] ?? 0;
  return out;
}

/**
 * The value of a metric over summed rows: a base metric as summed, a derived one as the quotient of its
 * sums. Null when the denominator is 0 (no purchases: no CPA), never Infinity or NaN.
 */
export function metricValue(sums: MetricSums, key: MetricKey): number | null {
  if (!isDerivedMetric(key)) return sums[key];
  const { numerator, denominator, factor } = DERIVED_FORMULAS[key];
  const d = sums[denominator];
  if (!(d > 0)) return null;
  return (sums[numerator] / d) * factor;
}

/** Every derived metric of some sums. */
export function derivedMetrics(sums: MetricSums): Record<DerivedMetric, number | null> {
  return Object.fromEntries(DERIVED_METRICS.map((k) => [k, metricValue(sums, k)])) as Record<
    DerivedMetric,
    number | null
  >;
}

/**
 * The relative change from `previous` to `current` (0.25 for +25 %), or null when there is no previous
 * value to compare with (null or 0).
 */
export function relativeChange(current: number | null, previous: number | null): number | null {
  if (current == null || previous == null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/**
 * Whether a change is good news: up for a metric where higher is better, down where lower is better;
 * null for volumes and for no change.
 */
export function isImprovement(key: MetricKey, change: number | null): boolean | null {
  const better = METRICS[key].higherIsBetter;
  if (better == null || change == null || change === 0) return null;
  return better ? change > 0 : change < 0;
}
