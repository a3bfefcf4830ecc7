import { graphql } from '../../../graphql/client';

/** Renames a product set and replaces its filter. */
export const UpdateProductSetMutation = graphql(`
  mutation UpdateProductSet($id: ID!, $name: String!, $filterJson: String) {
    updateProductSet(id: $id, name: $name, filterJson: $filterJson) {
      productSet {
        id
        name
        description
        filterJson
        itemCount
        updatedAt
      }
      error {
        code
        message
      }
    }
  }
`);
