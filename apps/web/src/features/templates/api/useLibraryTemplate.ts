import { graphql } from '../../../graphql/client';

/** Copies a starter template into the client's templates. */
export const UseLibraryTemplateMutation = graphql(`
  mutation UseLibraryTemplate($libraryTemplateId: ID!) {
    useLibraryTemplate(libraryTemplateId: $libraryTemplateId) {
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
