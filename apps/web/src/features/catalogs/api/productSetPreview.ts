import { graphql } from '../../../graphql/client';

/** How many items a filter matches, its sentence and its first items; error names a wrong path. */
export const ProductSetPreviewQuery = graphql(`
  query ProductSetPreview($catalogId: ID!, $filterJson: String!, $limit: Int) {
    productSetPreview(catalogId: $catalogId, filterJson: $filterJson, limit: $limit) {
      total
      description
      items {
        id
        title
      }
      error {
        code
        message
      }
    }
  }
`);
