import { graphql } from '../../../graphql/client';

/** The templates a design can use, with their slots; archived ones too, to name the designs that use them. */
export const FeedTemplatesQuery = graphql(`
  query FeedTemplates($archived: Boolean) {
    productCatalogTemplates(archived: $archived, sort: NAME) {
      id
      name
      thumbnailUrl
      width
      height
      versionNumber
      templateVersionId
      archived
      slots {
        id
        name
        index
        type
        features {
          key
          value
        }
      }
    }
  }
`);
