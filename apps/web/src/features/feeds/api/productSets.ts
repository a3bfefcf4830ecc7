import { graphql } from '../../../graphql/client';

/** The product sets of one catalogue, for the new feed's product set. */
export const FeedProductSetsQuery = graphql(`
  query FeedProductSets($catalogId: ID!) {
    productSets(catalogId: $catalogId) {
      id
      name
      catalogId
      itemCount
    }
  }
`);
