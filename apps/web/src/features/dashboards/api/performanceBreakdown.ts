import { graphql } from '../../../graphql/client';
import { MetricValuesFields } from './metricValuesFields';

/** Every metric per value of one breakdown (age, gender, country, placement, device). */
export const PerformanceBreakdownQuery = graphql(
  `
    query PerformanceBreakdown(
      $from: Date!
      $to: Date!
      $breakdown: PerformanceBreakdown!
      $filter: PerformanceFilter
    ) {
      performanceBreakdown(from: $from, to: $to, breakdown: $breakdown, filter: $filter) {
        value
        label
        values {
          ...MetricValuesFields
        }
      }
    }
  `,
  [MetricValuesFields],
);
