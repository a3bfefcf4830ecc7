import { graphql } from '../../../graphql/client';

/** The catalogues a new feed's product set can come from. */
export const FeedCatalogsQuery = graphql(`
  query FeedCatalogs {
    catalogs {
      id
      name
      itemCount
    }
  }
`);
