import { graphql } from '../../../graphql/client';

/** Active or deactivated members of the workspace (admins only). */
export const MembersQuery = graphql(`
  query Members($active: Boolean!) {
    members(active: $active) {
      userId
      email
      firstName
      lastName
      initials
      joinedAt
      isViewer
      permissions {
        isActive
        isAdmin
        isClientUser
      }
    }
  }
`);
