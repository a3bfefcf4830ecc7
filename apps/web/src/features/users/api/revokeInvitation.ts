import { graphql } from '../../../graphql/client';

export const RevokeInvitationMutation = graphql(`
  mutation RevokeInvitation($id: ID!) {
    revokeInvitation(id: $id) {
      invitation {
        id
      }
      error {
        code
        message
      }
    }
  }
`);
