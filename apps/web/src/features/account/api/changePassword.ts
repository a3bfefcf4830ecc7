import { graphql } from '../../../graphql/public';
import { SessionFields } from './sessionFields';

/** Needs the current password; every other session of the user ends. */
export const ChangePasswordMutation = graphql(
  `
    mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
      changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
        sessions {
          ...SessionFields
        }
        error {
          code
          message
        }
      }
    }
  `,
  [SessionFields],
);
