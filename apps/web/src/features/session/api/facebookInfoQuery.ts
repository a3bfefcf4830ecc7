import { graphql } from '../../../graphql/public';

/** The Facebook account connected to the signed-in user, if any. */
export const FacebookInfoQuery = graphql(`
  query FacebookInfo {
    me {
      id
      facebookInfo {
        id
        name
      }
    }
  }
`);
