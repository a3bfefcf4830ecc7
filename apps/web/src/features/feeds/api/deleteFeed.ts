import { graphql } from '../../../graphql/client';

/** Deletes a feed; its export URLs stop answering. */
export const DeleteFeedMutation = graphql(`
  mutation DeleteFeed($id: ID!) {
    deleteFeed(id: $id) {
      error {
        code
        message
      }
    }
  }
`);
