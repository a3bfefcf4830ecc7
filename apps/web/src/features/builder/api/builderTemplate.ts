import { graphql } from '../../../graphql/client';

/** The template the builder edits, with its SVG (spec section 7, row 9; read fresh, not cached). */
export const BuilderTemplateQuery = graphql(`
  query BuilderTemplate($id: ID!) {
    productCatalogTemplate(id: $id) {
      id
      name
      templateString
      templateVersionId
      madeWithBuilder
      tags {
        id
        key
        group
      }
      feeds {
        id
        name
      }
      slots {
        id
        name
        features {
          key
          value
        }
      }
    }
  }
`);
