import { graphql } from '../../../graphql/client';

/** Brings the feed up to date now: new items are generated, changed ones again. */
export const GenerateFeedMutation = graphql(`
  mutation GenerateFeed($id: ID!) {
    generateFeed(id: $id) {
      feed {
        id
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
