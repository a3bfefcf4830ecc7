import { graphql } from '../../../../graphql/client';

/** The catalogues the builder may preview with by default: the one updated last that has items. */
export const PreviewCataloguesQuery = graphql(`
  query BuilderPreviewCatalogues {
    catalogs {
      id
      itemCount
      createdAt
      imports {
        finishedAt
      }
    }
  }
`);
