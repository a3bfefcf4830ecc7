import { graphql } from '../../../graphql/client';

/** Every Ads Manager export import of the client with its report, newest first. */
export const AdPerformanceImportsQuery = graphql(`
  query AdPerformanceImports {
    adPerformanceImports {
      id
      status
      error
      rowsRead
      rowsImported
      rejectedCount
      rejectedRows {
        row
        reason
      }
      unknownColumns
      fileName
      format
      language
      currency
      firstDay
      lastDay
      accountName
      createdAt
      finishedAt
    }
  }
`);
