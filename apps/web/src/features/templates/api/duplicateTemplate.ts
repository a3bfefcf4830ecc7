import { graphql } from '../../../graphql/client';

export const DuplicateTemplateMutation = graphql(`
  mutation DuplicateTemplate($id: ID!, $idempotencyKey: String) {
    duplicateProductCatalogTemplate(id: $id, idempotencyKey: $idempotencyKey) {
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
