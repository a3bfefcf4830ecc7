import { graphql } from '../../../graphql/client';
import { CreativeFields } from './creativeFields';

/** Makes one item's ad again; its status is then read with FeedCreativeQuery until it is final. */
export const RegenerateCreativeMutation = graphql(`
  mutation RegenerateCreative($feedId: ID!, $itemId: String!) {
    regenerateCreative(feedId: $feedId, itemId: $itemId) {
      creative {
        itemId
        status
      }
      error {
        code
        message
      }
    }
  }
`);

/** One item's creative, read while it is made again. */
export const FeedCreativeQuery = graphql(
  `
    query FeedCreative($feedId: ID!, $itemId: String!) {
      feedCreative(feedId: $feedId, itemId: $itemId) {
        ...CreativeFields
      }
    }
  `,
  [CreativeFields],
);
