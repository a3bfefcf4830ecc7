import { METRIC_KEYS, type MetricKey } from '@adloom/commerce';

/**
 * The GraphQL `PerformanceMetric` enum and @adloom/commerce's metric keys name the same metrics; the
 * screens work with the keys (labels, formats, the fields of `MetricValues`) and send the enum.
 */
export const METRIC_ENUM = {
  spend: 'SPEND',
  impressions: 'IMPRESSIONS',
  reach: 'REACH',
  clicks: 'CLICKS',
  linkClicks: 'LINK_CLICKS',
  purchases: 'PURCHASES',
  purchaseValue: 'PURCHASE_VALUE',
  addToCart: 'ADD_TO_CART',
  video3sPlays: 'VIDEO_3S_PLAYS',
  thruplays: 'THRUPLAYS',
  ctr: 'CTR',
  cpc: 'CPC',
  cpm: 'CPM',
  cpa: 'CPA',
  roas: 'ROAS',
  aov: 'AOV',
  cvr: 'CVR',
  frequency: 'FREQUENCY',
  hookRate: 'HOOK_RATE',
  holdRate: 'HOLD_RATE',
} as const satisfies Record<MetricKey, string>;

export type MetricEnum = (typeof METRIC_ENUM)[MetricKey];

/** The metric key of an enum value; undefined for anything else (a hand-edited URL). */
export function metricFromEnum(value: string | null | undefined): MetricKey | undefined {
  return METRIC_KEYS.find((key) => METRIC_ENUM[key] === value);
}

/** A metric key named in a URL (the key itself); `fallback` when it names none. */
export function metricParam(value: string | null, fallback: MetricKey): MetricKey {
  return (METRIC_KEYS as readonly string[]).includes(value ?? '') ? (value as MetricKey) : fallback;
}

/** The metrics every row of the server carries (`MetricValues`): the base sums and the ratios. */
export type MetricValues = Record<MetricKey, number | null>;

/** The overview's tiles, in order. */
export const KPI_METRICS: readonly MetricKey[] = [
  'spend',
  'purchaseValue',
  'roas',
  'purchases',
  'cpa',
  'ctr',
  'cpm',
  'aov',
];
