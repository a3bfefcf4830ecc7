import { graphql } from '../../../graphql/client';

/** Adds an item (spec section 7, row 5); files name the key their upload was stored under. */
export const CreateBrandKitItemMutation = graphql(`
  mutation CreateBrandKitItem(
    $name: String!
    $type: BrandKitItemType!
    $legalAgreement: Boolean
    $textContent: String
    $fileKey: String
    $idempotencyKey: String
  ) {
    createBrandKitItem(
      name: $name
      type: $type
      legalAgreement: $legalAgreement
      textContent: $textContent
      fileKey: $fileKey
      idempotencyKey: $idempotencyKey
    ) {
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
