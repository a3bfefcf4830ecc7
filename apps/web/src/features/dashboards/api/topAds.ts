import { graphql } from '../../../graphql/client';
import { PerformanceAdFields } from './performanceAdFields';

/** The best ads of a range by a metric (the overview's top five). */
export const TopAdsQuery = graphql(
  `
    query TopAds(
      $from: Date!
      $to: Date!
      $metric: PerformanceMetric!
      $limit: Int
      $filter: PerformanceFilter
    ) {
      topAds(from: $from, to: $to, metric: $metric, limit: $limit, filter: $filter) {
        ...PerformanceAdFields
      }
    }
  `,
  [PerformanceAdFields],
);
