import { graphql } from '../../../graphql/client';

/** Metrics that moved at least 20 % against the comparison period, and what moved them. */
export const PerformanceAlertsQuery = graphql(`
  query PerformanceAlerts(
    $from: Date!
    $to: Date!
    $filter: PerformanceFilter
    $comparison: ComparisonInput
  ) {
    performanceAlerts(from: $from, to: $to, filter: $filter, comparison: $comparison) {
      metric
      current
      previous
      change
      severity
      message
      drivers {
        kind
        label
        current
        previous
        contribution
      }
    }
  }
`);
