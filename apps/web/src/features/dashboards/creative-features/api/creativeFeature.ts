import { graphql } from '../../../../graphql/client';
import { CreativeFeatureEffectFields } from './creativeFeatureEffectFields';

/**
 * One feature: its effect, its ads best first (who each is and its figures, not every metric) and the
 * metric per day with and without it. Null when the id names no feature.
 */
export const CreativeFeatureQuery = graphql(
  `
    query CreativeFeature(
      $id: ID!
      $from: Date!
      $to: Date!
      $metric: CreativeFeatureMetric!
      $limit: Int
      $filter: PerformanceFilter
    ) {
      creativeFeature(id: $id, from: $from, to: $to, metric: $metric, limit: $limit, filter: $filter) {
        method
        currency
        effect {
          ...CreativeFeatureEffectFields
        }
        ads {
          spend
          value
          winner
          imageUrl
          ad {
            id
            name
            campaignName
            adSetName
            thumbnailUrl
          }
        }
        series {
          day
          valueWith
          valueWithout
          spendWith
          spendWithout
        }
      }
    }
  `,
  [CreativeFeatureEffectFields],
);
