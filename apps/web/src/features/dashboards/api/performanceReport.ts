import { graphql } from '../../../graphql/client';
import { MetricValuesFields } from './metricValuesFields';

/** One page of the pivot, sorted on the server, with the total row count and the totals of every row. */
export const PerformanceReportQuery = graphql(
  `
    query PerformanceReport($input: ReportInput!) {
      performanceReport(input: $input) {
        total
        currency
        totals {
          ...MetricValuesFields
        }
        rows {
          keys
          labels
          values {
            ...MetricValuesFields
          }
        }
      }
    }
  `,
  [MetricValuesFields],
);
