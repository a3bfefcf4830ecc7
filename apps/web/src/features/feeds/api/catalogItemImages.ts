import { graphql } from '../../../graphql/client';

/** The original images of some catalogue items, found with a product-set filter on their ids. */
export const FeedCatalogItemImagesQuery = graphql(`
  query FeedCatalogItemImages($catalogId: ID!, $filterJson: String!, $limit: Int) {
    catalogItems(catalogId: $catalogId, filterJson: $filterJson, limit: $limit) {
      items {
        id
        title
        imageLink
      }
    }
  }
`);
