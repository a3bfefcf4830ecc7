import { graphql } from '../../../../graphql/client';

/** A feature and its effect on the chosen metric, as the list, the compact view and one feature's page show it. */
export const CreativeFeatureEffectFields = graphql(`
  fragment CreativeFeatureEffectFields on CreativeFeatureEffect @_unmask {
    feature {
      id
      label
      group
      source
      description
      templateTag {
        id
        group
        key
      }
    }
    adsWith
    adsWithout
    spendWith
    spendShare
    valueWith
    valueWithout
    lift
    liftLow
    liftHigh
    significant
    hitRate
    winnersWith
    sameAdsAs
  }
`);
