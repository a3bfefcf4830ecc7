import { graphql } from '../../../graphql/client';

export const DeactivateUserMutation = graphql(`
  mutation DeactivateUser($userId: ID!) {
    deactivateUser(userId: $userId) {
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
