import { graphql } from '../../../../graphql/client';

/** A lift of Adloom creatives over the plain catalogue image: CTR, CVR and ROAS with their intervals. */
export const EnhancementLiftFields = graphql(`
  fragment EnhancementLiftFields on EnhancementLift @_unmask {
    itemsCompared
    enhancementSpend
    catalogSpend
    method
    metrics {
      metric
      enhancement
      catalog
      lift
      low
      high
      significant
    }
  }
`);
