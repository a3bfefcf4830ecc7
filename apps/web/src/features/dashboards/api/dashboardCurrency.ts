import { graphql } from '../../../graphql/client';

/**
 * The currency the server reads for a range when the accounts have several and none is chosen (the one
 * with the most spend), so every table of the screen writes money in it.
 */
export const DashboardCurrencyQuery = graphql(`
  query DashboardCurrency($from: Date!, $to: Date!, $filter: PerformanceFilter) {
    adPerformanceSummary(from: $from, to: $to, filter: $filter) {
      currency
    }
  }
`);
