import { graphql } from '../../../graphql/client';

/** Creates a feed of a product set with its designs (in order) and starts generating it. */
export const CreateFeedMutation = graphql(`
  mutation CreateFeed($productSetId: ID!, $name: String!, $designs: [FeedDesignInput!]!) {
    createFeed(productSetId: $productSetId, name: $name, designs: $designs) {
      feed {
        id
        name
      }
      queued
      error {
        code
        message
      }
    }
  }
`);
