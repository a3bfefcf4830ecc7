import { graphql } from '../../../graphql/client';

/** Saves a new product set of a catalogue; filterJson is Meta's filter, checked by the server. */
export const CreateProductSetMutation = graphql(`
  mutation CreateProductSet($catalogId: ID!, $name: String!, $filterJson: String, $idempotencyKey: String) {
    createProductSet(
      catalogId: $catalogId
      name: $name
      filterJson: $filterJson
      idempotencyKey: $idempotencyKey
    ) {
      productSet {
        id
        name
        description
        filterJson
        itemCount
      }
      error {
        code
        message
      }
    }
  }
`);
