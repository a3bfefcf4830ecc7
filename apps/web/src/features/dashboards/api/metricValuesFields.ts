import { graphql } from '../../../graphql/client';

/** Every metric of a row: the base sums and the ratios (null where the denominator is 0). */
export const MetricValuesFields = graphql(`
  fragment MetricValuesFields on MetricValues @_unmask {
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
  }
`);
