import { graphql } from '../../../graphql/client';

/** One catalogue item with the fields the item detail shows; null when the catalogue no longer has it. */
export const FeedCatalogItemQuery = graphql(`
  query FeedCatalogItem($catalogId: ID!, $itemId: String!) {
    catalogItem(catalogId: $catalogId, itemId: $itemId) {
      id
      title
      description
      brand
      availability
      condition
      price
      salePrice
      currency
      link
      imageLink
      additionalImageLinks
      itemGroupId
      productType
      googleProductCategory
      customLabels
      extraJson
    }
  }
`);
