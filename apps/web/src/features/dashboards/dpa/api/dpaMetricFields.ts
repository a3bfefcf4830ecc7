import { graphql } from '../../../../graphql/client';

/** The metrics the DPA tables show (a row carries up to three sets of them: not every metric fits the limits). */
export const DpaMetricFields = graphql(`
  fragment DpaMetricFields on MetricValues @_unmask {
    spend
    impressions
    linkClicks
    purchases
    purchaseValue
    ctr
    cvr
    roas
  }
`);
