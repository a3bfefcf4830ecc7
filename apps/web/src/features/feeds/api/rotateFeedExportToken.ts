import { graphql } from '../../../graphql/client';

/** Gives a feed new export URLs; the old ones stop answering at once. */
export const RotateFeedExportTokenMutation = graphql(`
  mutation RotateFeedExportToken($id: ID!) {
    rotateFeedExportToken(id: $id) {
      feed {
        id
        exportUrls
      }
      error {
        code
        message
      }
    }
  }
`);
