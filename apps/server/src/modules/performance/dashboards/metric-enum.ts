/**
 * The GraphQL PerformanceMetric enum and the @adloom/commerce adMetrics keys it names: the one mapping
 * every dashboard query uses, so a new metric is added in one place.
 */
import type { MetricKey } from '@adloom/commerce';

export const PERFORMANCE_METRIC_KEYS = {
  SPEND: 'spend',
  IMPRESSIONS: 'impressions',
  REACH: 'reach',
  CLICKS: 'clicks',
  LINK_CLICKS: 'linkClicks',
  PURCHASES: 'purchases',
  PURCHASE_VALUE: 'purchaseValue',
  ADD_TO_CART: 'addToCart',
  VIDEO_3S_PLAYS: 'video3sPlays',
  THRUPLAYS: 'thruplays',
  CTR: 'ctr',
  CPC: 'cpc',
  CPM: 'cpm',
  CPA: 'cpa',
  ROAS: 'roas',
  AOV: 'aov',
  CVR: 'cvr',
  FREQUENCY: 'frequency',
  HOOK_RATE: 'hookRate',
  HOLD_RATE: 'holdRate',
} as const satisfies Record<string, MetricKey>;

export type PerformanceMetricName = keyof typeof PERFORMANCE_METRIC_KEYS;
export const PERFORMANCE_METRIC_NAMES = Object.keys(PERFORMANCE_METRIC_KEYS) as PerformanceMetricName[];

export function metricKeyOf(name: PerformanceMetricName): MetricKey {
  return PERFORMANCE_METRIC_KEYS[name];
}

export function metricNameOf(key: MetricKey): PerformanceMetricName {
  const found = PERFORMANCE_METRIC_NAMES.find((n) => PERFORMANCE_METRIC_KEYS[n] === key);
  if (!found) throw new Error(`No PerformanceMetric for ${key}`);
  return found;
}
