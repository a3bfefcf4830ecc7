import { graphql } from '../../../graphql/client';

/** The client's catalogues for the list, each with its imports (newest first) for the last status. */
export const CatalogsQuery = graphql(`
  query Catalogs {
    catalogs {
      id
      name
      sourceUrl
      schedule
      itemCount
      imports {
        id
        status
        createdAt
        finishedAt
      }
    }
  }
`);
