import { graphql } from '../../../graphql/public';
import { SessionFields } from './sessionFields';

/** Where the signed-in user is signed in, most recently used first. */
export const MySessionsQuery = graphql(
  `
    query MySessions {
      mySessions {
        ...SessionFields
      }
    }
  `,
  [SessionFields],
);
