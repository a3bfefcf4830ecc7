import { graphql } from '../../../graphql/client';

/** Deletes a catalogue with its imports, items and product sets. */
export const DeleteCatalogMutation = graphql(`
  mutation DeleteCatalog($id: ID!) {
    deleteCatalog(id: $id) {
      deletedId
      error {
        code
        message
      }
    }
  }
`);
