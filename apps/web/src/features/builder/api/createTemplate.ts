import { graphql } from '../../../graphql/client';
import { SavedTemplateFields } from './savedTemplate';

/** Saves a new template from the builder (spec section 7, row 2). */
export const CreateBuilderTemplateMutation = graphql(
  `
    mutation CreateBuilderTemplate(
      $name: String!
      $templateString: String!
      $thumbnailUrl: String
      $slots: [SlotInput!]
      $tags: [ID!]
      $idempotencyKey: String
    ) {
      createProductCatalogTemplate(
        name: $name
        templateString: $templateString
        thumbnailUrl: $thumbnailUrl
        slots: $slots
        tags: $tags
        idempotencyKey: $idempotencyKey
      ) {
        template {
          ...SavedTemplateFields
        }
        error {
          code
          message
        }
      }
    }
  `,
  [SavedTemplateFields],
);
