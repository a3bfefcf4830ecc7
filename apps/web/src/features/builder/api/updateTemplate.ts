import { graphql } from '../../../graphql/client';
import { SavedTemplateFields } from './savedTemplate';

/**
 * Saves a new version of a template from the builder (spec section 7, row 3). baseVersionId is the version
 * the document was loaded from or last saved as: a save from an older version than the newest is refused
 * with CONFLICT, and currentVersion says who saved the newest one and when.
 */
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
      $baseVersionId: ID
    ) {
      updateProductCatalogTemplate(
        id: $id
        name: $name
        templateString: $templateString
        thumbnailUrl: $thumbnailUrl
        slots: $slots
        tags: $tags
        regenerateFeeds: $regenerateFeeds
        baseVersionId: $baseVersionId
      ) {
        template {
          ...SavedTemplateFields
        }
        error {
          code
          message
        }
        currentVersion {
          id
          number
          createdAt
          savedBy
        }
      }
    }
  `,
  [SavedTemplateFields],
);
