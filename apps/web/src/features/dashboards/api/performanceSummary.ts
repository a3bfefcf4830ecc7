import { graphql } from '../../../graphql/client';

/** The sums and ratios of a range (the overview's tiles), asked once for the range and once for the comparison. */
export const PerformanceSummaryQuery = graphql(`
  query PerformanceSummary($from: Date!, $to: Date!, $filter: PerformanceFilter) {
    adPerformanceSummary(from: $from, to: $to, filter: $filter) {
      spend
      impressions
      reach
      clicks
      linkClicks
      purchases
      purchaseValue
      addToCart
      video3sPlays
      thruplays
      ctr
      cpc
      cpm
      cpa
      roas
      aov
      cvr
      frequency
      hookRate
      holdRate
      currency
      days
    }
  }
`);
