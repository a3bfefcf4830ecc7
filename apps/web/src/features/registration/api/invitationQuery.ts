import { graphql } from '../../../graphql/public';

/** An invitation by its token; null when the token is unknown, used or expired. */
export const InvitationQuery = graphql(`
  query Invitation($token: String!) {
    invitation(token: $token) {
      clientName
      email
      userExists
      expiresAt
    }
  }
`);
