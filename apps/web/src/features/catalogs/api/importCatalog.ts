import { graphql } from '../../../graphql/client';

/** Imports the catalogue again now: from a newly uploaded file (its key), or else from its URL. */
export const ImportCatalogMutation = graphql(`
  mutation ImportCatalog($id: ID!, $source: CatalogSourceInput) {
    importCatalog(id: $id, source: $source) {
      catalog {
        id
      }
      import {
        id
        status
      }
      error {
        code
        message
      }
    }
  }
`);
