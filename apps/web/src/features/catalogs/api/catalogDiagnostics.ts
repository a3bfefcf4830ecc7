import { graphql } from '../../../graphql/client';

/** How many current items Meta and Google would take, why not the others, and the image check. */
export const CatalogDiagnosticsQuery = graphql(`
  query CatalogDiagnostics($id: ID!) {
    catalog(id: $id) {
      id
      diagnostics {
        itemCount
        diagnosed
        networks {
          network
          readyCount
        }
        issues {
          code
          label
          fix
          severity
          networks
          itemCount
        }
        images {
          total
          measured
          failed
          done
          failures {
            reason
            imageCount
          }
        }
      }
    }
  }
`);

/** Measures the current items' main images again. */
export const CheckCatalogImagesMutation = graphql(`
  mutation CheckCatalogImages($id: ID!) {
    checkCatalogImages(id: $id) {
      catalog {
        id
      }
      error {
        code
        message
      }
    }
  }
`);
