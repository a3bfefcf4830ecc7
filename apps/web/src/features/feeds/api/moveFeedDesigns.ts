import { graphql } from '../../../graphql/client';

/** Moves a feed's designs on an older template version (or one design) to the newest and regenerates. */
export const MoveFeedDesignsToLatestVersionMutation = graphql(`
  mutation MoveFeedDesignsToLatestVersion($feedId: ID!, $designId: ID) {
    moveFeedDesignsToLatestVersion(feedId: $feedId, designId: $designId) {
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
