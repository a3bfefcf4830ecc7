import { graphql } from '../../../graphql/client';

/** Copies a starter template into the client's templates. */
export const UseLibraryTemplateMutation = graphql(`
  mutation UseLibraryTemplate($libraryTemplateId: ID!, $idempotencyKey: String) {
    useLibraryTemplate(libraryTemplateId: $libraryTemplateId, idempotencyKey: $idempotencyKey) {
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
