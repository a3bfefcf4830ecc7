import { graphql } from '../../../graphql/client';

/** The client's templates for the grid: searched by name, archived or not, sorted. */
export const TemplatesQuery = graphql(`
  query Templates($search: String, $archived: Boolean, $sort: TemplateSort) {
    productCatalogTemplates(search: $search, archived: $archived, sort: $sort) {
      id
      name
      thumbnailUrl
      width
      height
      versionNumber
      templateVersionId
      archived
      updatedAt
      tags {
        id
        label
        groupLabel
      }
    }
  }
`);
