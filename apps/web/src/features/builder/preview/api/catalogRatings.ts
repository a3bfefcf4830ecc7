import { graphql } from '../../../../graphql/client';

/** How many of a catalogue's items have a rating: none means a rating layer is empty for every item. */
export const CatalogRatingsQuery = graphql(`
  query BuilderCatalogRatings($catalogId: ID!) {
    catalogRatings(catalogId: $catalogId) {
      itemCount
      ratedCount
    }
  }
`);
