import { graphql } from '../../../graphql/client';

export const SetUserAdminMutation = graphql(`
  mutation SetUserAdmin($userId: ID!, $isAdmin: Boolean!) {
    setUserAdmin(userId: $userId, isAdmin: $isAdmin) {
      member {
        userId
        permissions {
          isActive
          isAdmin
        }
      }
      error {
        code
        message
      }
    }
  }
`);
