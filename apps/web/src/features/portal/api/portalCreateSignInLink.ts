import { graphql } from '../../../graphql/public';

export const PortalCreateSignInLinkMutation = graphql(`
  mutation PortalCreateSignInLink($email: String!) {
    portalCreateSignInLink(email: $email) {
      url
      expiresAt
      error {
        code
        message
      }
    }
  }
`);
