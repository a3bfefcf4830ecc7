import { graphql } from '../../../graphql/client';

export const ResendInvitationMutation = graphql(`
  mutation ResendInvitation($id: ID!) {
    resendInvitation(id: $id) {
      invitation {
        id
        createdAt
        expiresAt
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
