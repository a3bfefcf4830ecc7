import { graphql } from '../../../graphql/client';

/** A page of the catalogue's current items; searchString looks in id, title and brand; issue keeps those with it. */
export const CatalogItemsQuery = graphql(`
  query CatalogItems($catalogId: ID!, $searchString: String, $issue: String, $offset: Int, $limit: Int) {
    catalogItems(
      catalogId: $catalogId
      searchString: $searchString
      issue: $issue
      offset: $offset
      limit: $limit
    ) {
      total
      items {
        id
        title
        brand
        imageLink
        price
        salePrice
        currency
        availability
      }
    }
  }
`);
