import { graphql } from '../../../graphql/client';

/** Renames a guide, logo or font (spec section 4). */
export const RenameBrandKitItemMutation = graphql(`
  mutation RenameBrandKitItem($id: ID!, $name: String!) {
    renameBrandKitItem(id: $id, name: $name) {
      brandKitItem {
        id
        type
        name
      }
      error {
        code
        message
      }
    }
  }
`);
