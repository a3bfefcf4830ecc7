import { graphql } from '../../../graphql/public';

/** What the sessions list shows of a session; every account mutation answers the remaining sessions. */
export const SessionFields = graphql(`
  fragment SessionFields on UserSession @_unmask {
    id
    current
    userAgent
    ip
    createdAt
    lastSeenAt
    tokenAuth
  }
`);
