import { graphql } from '../../../graphql/client';

/** The layers that will be empty or hidden in a feed's ads, counted over its items (asked before generating). */
export const FeedLayerWarningsQuery = graphql(`
  query FeedLayerWarnings($feedId: ID!) {
    feedLayerWarnings(feedId: $feedId) {
      checkedItems
      itemTotal
      warnings {
        designId
        templateName
        layerId
        layerName
        reason
        detail
        emptyFor
        total
        message
      }
      unreadable {
        designId
        templateName
        error
      }
    }
  }
`);
