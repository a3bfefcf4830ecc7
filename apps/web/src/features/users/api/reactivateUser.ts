import { graphql } from '../../../graphql/client';

export const ReactivateUserMutation = graphql(`
  mutation ReactivateUser($userId: ID!) {
    reactivateUser(userId: $userId) {
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
