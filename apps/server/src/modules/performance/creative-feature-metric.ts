/**
 * The GraphQL CreativeFeatureMetric enum (CTR, CVR, ROAS), shared by the creative features and the
 * enhancement lift (issue 19): defined once here, as a type name can be registered only once.
 */
import type { DerivedMetric } from '@adloom/commerce';
import { CLIENT, builder } from '../../graphql/builder.js';

export const CREATIVE_FEATURE_METRIC_KEYS = {
  CTR: 'ctr',
  CVR: 'cvr',
  ROAS: 'roas',
} as const satisfies Record<string, DerivedMetric>;

export type CreativeFeatureMetricName = keyof typeof CREATIVE_FEATURE_METRIC_KEYS;
export type CreativeFeatureMetricKey = (typeof CREATIVE_FEATURE_METRIC_KEYS)[CreativeFeatureMetricName];
export const CREATIVE_FEATURE_METRIC_NAMES = Object.keys(
  CREATIVE_FEATURE_METRIC_KEYS,
) as CreativeFeatureMetricName[];

export const CreativeFeatureMetricEnum = builder.enumType('CreativeFeatureMetric', {
  subGraphs: CLIENT,
  description: 'A rate of @adloom/commerce adMetrics: CTR (link clicks ÷ impressions), CVR, ROAS.',
  values: CREATIVE_FEATURE_METRIC_NAMES,
});

export function creativeFeatureMetricKey(name: CreativeFeatureMetricName): CreativeFeatureMetricKey {
  return CREATIVE_FEATURE_METRIC_KEYS[name];
}

export function creativeFeatureMetricName(key: CreativeFeatureMetricKey): CreativeFeatureMetricName {
  return CREATIVE_FEATURE_METRIC_NAMES.find((n) => CREATIVE_FEATURE_METRIC_KEYS[n] === key)!;
}
