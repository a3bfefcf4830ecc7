import { graphql } from '../../../graphql/client';

/** The product sets of a catalogue, with their filter, its sentence and the matching count. */
export const ProductSetsQuery = graphql(`
  query ProductSets($catalogId: ID!) {
    productSets(catalogId: $catalogId) {
      id
      catalogId
      name
      description
      filterJson
      itemCount
      updatedAt
    }
  }
`);
