import { graphql } from '../../../graphql/client';

/** Sets a colour's value, its text content (spec section 4). */
export const UpdateBrandKitColorMutation = graphql(`
  mutation UpdateBrandKitColor($id: ID!, $textContent: String!) {
    updateBrandKitColor(id: $id, textContent: $textContent) {
      brandKitItem {
        id
        type
        textContent
      }
      error {
        code
        message
      }
    }
  }
`);
