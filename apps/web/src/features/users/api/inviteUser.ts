import { graphql } from '../../../graphql/client';

export const InviteUserMutation = graphql(`
  mutation InviteUser($email: String!, $isAdmin: Boolean!) {
    inviteUser(email: $email, isAdmin: $isAdmin) {
      invitation {
        id
        email
        isAdmin
        createdAt
        expiresAt
        invitedByEmail
      }
      mailSent
      invitationLink
      error {
        code
        message
      }
    }
  }
`);
