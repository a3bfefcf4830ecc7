import { graphql } from '../../../graphql/client';

export const DuplicateTemplateMutation = graphql(`
  mutation DuplicateTemplate($id: ID!) {
    duplicateProductCatalogTemplate(id: $id) {
      template {
        id
        name
      }
      error {
        code
        message
      }
    }
  }
`);
