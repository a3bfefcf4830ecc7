import { graphql } from '../../../graphql/client';

/** Deletes an item of any kind with its files. */
export const DeleteBrandKitItemMutation = graphql(`
  mutation DeleteBrandKitItem($id: ID!) {
    deleteBrandKitItem(id: $id) {
      deletedId
      error {
        code
        message
      }
    }
  }
`);
