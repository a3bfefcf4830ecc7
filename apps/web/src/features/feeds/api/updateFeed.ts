import { graphql } from '../../../graphql/client';

/** Changes a feed's name and designs (a design with an id in place), then generates it again. */
export const UpdateFeedMutation = graphql(`
  mutation UpdateFeed($id: ID!, $name: String, $designs: [FeedDesignInput!]) {
    updateFeed(id: $id, name: $name, designs: $designs) {
      feed {
        id
        name
        status
      }
      queued
      error {
        code
        message
      }
    }
  }
`);
