import { graphql } from '../../../graphql/client';

/** One template with its newest version (spec section 7, row 9); null when there is none with this id. */
export const TemplateQuery = graphql(`
  query Template($id: ID!) {
    productCatalogTemplate(id: $id) {
      id
      name
      thumbnailUrl
      width
      height
      versionNumber
      templateVersionId
      madeWithBuilder
      archived
      updatedAt
      slots {
        id
        name
        type
        features {
          key
          value
        }
      }
      tags {
        id
        label
        groupLabel
      }
    }
  }
`);
