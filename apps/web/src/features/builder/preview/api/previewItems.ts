import { graphql } from '../../../../graphql/client';

/**
 * A page of a catalogue's items for the builder's preview, optionally inside a product set's filter and
 * searched (id, title, brand): every field the live preview's metadata reads, and the id
 * startAdGenerationJob takes.
 */
export const PreviewItemsQuery = graphql(`
  query BuilderPreviewItems(
    $catalogId: ID!
    $filterJson: String
    $searchString: String
    $offset: Int
    $limit: Int
  ) {
    catalogItems(
      catalogId: $catalogId
      filterJson: $filterJson
      searchString: $searchString
      offset: $offset
      limit: $limit
    ) {
      total
      items {
        id
        productCatalogItemId
        title
        description
        brand
        availability
        condition
        link
        imageLink
        additionalImageLinks
        itemGroupId
        productType
        googleProductCategory
        customLabels
        price
        salePrice
        salePriceStart
        salePriceEnd
        currency
        rating
        reviewCount
        inventory
        extraJson
      }
    }
  }
`);
