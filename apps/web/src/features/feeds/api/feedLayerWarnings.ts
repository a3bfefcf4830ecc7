import { graphql } from '../../../graphql/client';

/** What the warning shows of an answer: the saved feed's and a draft's alike. */
export const LayerWarningsFields = graphql(`
  fragment LayerWarningsFields on FeedLayerWarnings @_unmask {
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
`);

/** The layers that will be empty or hidden in a feed's ads, counted over its items (asked before generating). */
export const FeedLayerWarningsQuery = graphql(
  `
    query FeedLayerWarnings($feedId: ID!) {
      feedLayerWarnings(feedId: $feedId) {
        ...LayerWarningsFields
      }
    }
  `,
  [LayerWarningsFields],
);

/** The same for the new feed form's (or the edit form's) product set and designs, before the feed is saved. */
export const DraftFeedLayerWarningsQuery = graphql(
  `
    query DraftFeedLayerWarnings($productSetId: ID!, $designs: [FeedDesignInput!]!) {
      draftFeedLayerWarnings(productSetId: $productSetId, designs: $designs) {
        ...LayerWarningsFields
      }
    }
  `,
  [LayerWarningsFields],
);
