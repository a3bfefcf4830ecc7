import { graphql } from '../../../graphql/client';

/** One catalogue with every import's report, newest first; null when there is none with this id. */
export const CatalogQuery = graphql(`
  query Catalog($id: ID!) {
    catalog(id: $id) {
      id
      name
      sourceUrl
      schedule
      columnMappingJson
      feedFormat
      currency
      itemCount
      nextImportAt
      createdAt
      imports {
        id
        status
        format
        formatName
        rowsRead
        added
        updated
        removed
        unchanged
        rejectedCount
        rejected {
          row
          id
          reason
          reasons
        }
        warnings {
          row
          id
          column
          reason
        }
        imageHostWarnings {
          host
          itemCount
          message
        }
        unknownColumns
        error
        createdAt
        startedAt
        finishedAt
      }
    }
  }
`);
