import { useCallback } from 'react';
import { useQuery } from 'urql';
import { dashboardQueryContext } from '../api/queryContext';
import type { DashboardScope } from '../components/DashboardShell';
import { CreativeFeaturesQuery } from './api/creativeFeatures';
import { FEATURE_METRIC_ENUM, type FeatureMetric } from './model/featureEffects';
import { useExtractionPolling } from './useExtractionPolling';

/** The features report of the range, asked again while features are being read. */
export function useCreativeFeatures(scope: DashboardScope, metric: FeatureMetric) {
  const { query, filter } = scope;
  const [{ data, error }, reexecute] = useQuery({
    query: CreativeFeaturesQuery,
    variables: {
      from: query.range.from,
      to: query.range.to,
      metric: FEATURE_METRIC_ENUM[metric],
      filter,
    },
    context: dashboardQueryContext,
  });
  const report = data?.creativeFeatures;
  const refetch = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  useExtractionPolling(report?.extraction.pending, refetch);
  return { report, error };
}
