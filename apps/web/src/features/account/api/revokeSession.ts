import { graphql } from '../../../graphql/public';
import { SessionFields } from './sessionFields';

/** Signs one of the user's other sessions out. */
export const RevokeSessionMutation = graphql(
  `
    mutation RevokeSession($id: ID!) {
      revokeSession(id: $id) {
        sessions {
          ...SessionFields
        }
        error {
          code
          message
        }
      }
    }
  `,
  [SessionFields],
);
