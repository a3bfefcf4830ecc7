import { graphql } from '../../../graphql/client';
import { MetricValuesFields } from './metricValuesFields';

/** A series per bucket (total first, then per campaign when split) and the comparison total, aligned by index. */
export const PerformanceTimeSeriesQuery = graphql(
  `
    query PerformanceTimeSeries(
      $from: Date!
      $to: Date!
      $grain: TimeGrain!
      $filter: PerformanceFilter
      $comparison: ComparisonInput
      $splitByCampaign: Boolean
    ) {
      performanceTimeSeries(
        from: $from
        to: $to
        grain: $grain
        filter: $filter
        comparison: $comparison
        splitByCampaign: $splitByCampaign
      ) {
        grain
        currency
        comparisonFrom
        comparisonTo
        current {
          key
          label
          points {
            day
            values {
              ...MetricValuesFields
            }
          }
        }
        comparison {
          key
          label
          points {
            day
            values {
              ...MetricValuesFields
            }
          }
        }
      }
    }
  `,
  [MetricValuesFields],
);
