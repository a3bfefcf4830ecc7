import { graphql } from '../../../../graphql/client';

/** Says which feed's creatives a catalogue ad shows (null: the plain catalogue image). */
export const SetCatalogAdFeedMutation = graphql(`
  mutation SetCatalogAdFeed($adId: ID!, $feedId: ID) {
    setCatalogAdFeed(adId: $adId, feedId: $feedId) {
      adId
      feedId
      error {
        code
        message
      }
    }
  }
`);
