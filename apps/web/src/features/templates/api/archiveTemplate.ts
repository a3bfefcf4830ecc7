import { graphql } from '../../../graphql/client';

/** Archives (archived: true) or unarchives a template. */
export const ArchiveTemplateMutation = graphql(`
  mutation ArchiveTemplate($id: ID!, $archived: Boolean!) {
    archiveProductCatalogTemplate(id: $id, archived: $archived) {
      template {
        id
        archived
      }
      error {
        code
        message
      }
    }
  }
`);
