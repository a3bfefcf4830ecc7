import { graphql } from '../../../graphql/client';

/** Queues the failed items of a feed again. */
export const RetryFailedCreativesMutation = graphql(`
  mutation RetryFailedCreatives($feedId: ID!) {
    retryFailedCreatives(feedId: $feedId) {
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
