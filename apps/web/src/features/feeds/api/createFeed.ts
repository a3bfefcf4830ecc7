import { graphql } from '../../../graphql/client';

/** Creates a feed of a product set with its designs (in order) and starts generating it. */
export const CreateFeedMutation = graphql(`
  mutation CreateFeed(
    $productSetId: ID!
    $name: String!
    $designs: [FeedDesignInput!]!
    $idempotencyKey: String
  ) {
    createFeed(productSetId: $productSetId, name: $name, designs: $designs, idempotencyKey: $idempotencyKey) {
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
