import { graphql } from '../../../graphql/client';

/** Deletes a product set (and the feeds made from it). */
export const DeleteProductSetMutation = graphql(`
  mutation DeleteProductSet($id: ID!) {
    deleteProductSet(id: $id) {
      deletedId
      error {
        code
        message
      }
    }
  }
`);
