import { graphql } from '../../../graphql/client';

/** Some catalogue items' titles, prices and original images, found with a product-set filter on their ids. */
export const FeedCatalogItemImagesQuery = graphql(`
  query FeedCatalogItemImages($catalogId: ID!, $filterJson: String!, $limit: Int) {
    catalogItems(catalogId: $catalogId, filterJson: $filterJson, limit: $limit) {
      items {
        id
        title
        imageLink
        price
        salePrice
        currency
      }
    }
  }
`);
