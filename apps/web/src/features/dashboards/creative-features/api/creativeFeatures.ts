import { graphql } from '../../../../graphql/client';
import { CreativeFeatureEffectFields } from './creativeFeatureEffectFields';

/** Every feature present in the analysed ads with its effect, and how far the reading of features has got. */
export const CreativeFeaturesQuery = graphql(
  `
    query CreativeFeatures(
      $from: Date!
      $to: Date!
      $metric: CreativeFeatureMetric!
      $filter: PerformanceFilter
    ) {
      creativeFeatures(from: $from, to: $to, metric: $metric, filter: $filter) {
        metric
        method
        winnerDefinition
        adsAnalysed
        adsWithoutFeatures
        spendAnalysed
        currency
        extraction {
          done
          pending
          failed
        }
        features {
          ...CreativeFeatureEffectFields
        }
      }
    }
  `,
  [CreativeFeatureEffectFields],
);
