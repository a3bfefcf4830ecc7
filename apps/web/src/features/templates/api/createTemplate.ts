import { graphql } from '../../../graphql/client';

/** Saves a new template from an SVG (spec section 7, row 2). */
export const CreateTemplateMutation = graphql(`
  mutation CreateTemplate(
    $name: String!
    $templateString: String!
    $thumbnailUrl: String
    $idempotencyKey: String
  ) {
    createProductCatalogTemplate(
      name: $name
      templateString: $templateString
      thumbnailUrl: $thumbnailUrl
      idempotencyKey: $idempotencyKey
    ) {
      template {
        id
        name
        versionNumber
      }
      error {
        code
        message
      }
    }
  }
`);
