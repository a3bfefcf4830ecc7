import { graphql } from '../../../graphql/client';

/** Invitations sent and not yet accepted (admins only). */
export const PendingInvitationsQuery = graphql(`
  query PendingInvitations {
    pendingInvitations {
      id
      email
      isAdmin
      createdAt
      expiresAt
      invitedByEmail
    }
  }
`);
