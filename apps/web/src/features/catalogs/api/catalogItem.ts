import { graphql } from '../../../graphql/client';

/** Every field of one item of the catalogue's current import; null when there is none with this id. */
export const CatalogItemQuery = graphql(`
  query CatalogItem($catalogId: ID!, $itemId: String!) {
    catalogItem(catalogId: $catalogId, itemId: $itemId) {
      id
      title
      description
      availability
      condition
      price
      salePrice
      currency
      salePriceStart
      salePriceEnd
      link
      imageLink
      additionalImageLinks
      brand
      itemGroupId
      productType
      googleProductCategory
      customLabels
      rating
      reviewCount
      inventory
      extraJson
      issues {
        code
        label
        fix
        severity
        networks
      }
    }
  }
`);
