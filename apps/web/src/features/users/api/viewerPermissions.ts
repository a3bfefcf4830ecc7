import { graphql } from '../../../graphql/client';

export const ViewerPermissionsQuery = graphql(`
  query ViewerPermissions {
    viewerPermissions {
      isActive
      isAdmin
      isClientUser
    }
  }
`);
