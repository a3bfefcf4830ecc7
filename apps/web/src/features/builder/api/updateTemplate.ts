import { graphql } from '../../../graphql/client';
import { SavedTemplateFields } from './savedTemplate';

/** Saves a new version of a template from the builder (spec section 7, row 3). */
export const UpdateTemplateMutation = graphql(
  `
    mutation UpdateTemplate(
      $id: ID!
      $name: String!
      $templateString: String!
      $thumbnailUrl: String
      $slots: [SlotInput!]
      $tags: [ID!]
      $regenerateFeeds: Boolean
    ) {
      updateProductCatalogTemplate(
        id: $id
        name: $name
        templateString: $templateString
        thumbnailUrl: $thumbnailUrl
        slots: $slots
        tags: $tags
        regenerateFeeds: $regenerateFeeds
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
