import { graphql } from '../../../graphql/client';

/** Imports an uploaded Ads Manager export (its upload key); the import runs as a job. */
export const ImportAdPerformanceFileMutation = graphql(`
  mutation ImportAdPerformanceFile($uploadKey: String!) {
    importAdPerformanceFile(uploadKey: $uploadKey) {
      import {
        id
        status
      }
      error {
        code
        message
      }
    }
  }
`);
