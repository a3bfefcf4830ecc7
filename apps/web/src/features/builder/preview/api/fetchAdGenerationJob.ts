import { graphql } from '../../../../graphql/client';

/** Reads a server preview job; polled every 1000 ms while it is PENDING or RUNNING (section 7, row 7). */
export const FetchAdGenerationJobMutation = graphql(`
  mutation BuilderFetchAdGenerationJob($jobId: ID!) {
    fetchAdGenerationJob(jobId: $jobId) {
      status
      errorInfo
      adResult {
        error
        adItems {
          adUrl
        }
      }
    }
  }
`);
