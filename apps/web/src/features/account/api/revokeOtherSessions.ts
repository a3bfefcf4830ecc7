import { graphql } from '../../../graphql/public';
import { SessionFields } from './sessionFields';

/** Signs every session of the user out except this one. */
export const RevokeOtherSessionsMutation = graphql(
  `
    mutation RevokeOtherSessions {
      revokeOtherSessions {
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
