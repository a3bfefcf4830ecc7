import { graphql } from '../../../graphql/client';

/** Deletes a template with all its versions. */
export const DeleteTemplateMutation = graphql(`
  mutation DeleteTemplate($id: ID!) {
    deleteProductCatalogTemplate(id: $id) {
      deletedId
      error {
        code
        message
      }
    }
  }
`);
