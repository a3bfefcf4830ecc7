import { graphql } from '../../../graphql/public';

/** One client with everything the detail, features and MSA pages show. */
export const PortalClientQuery = graphql(`
  query PortalClient($id: ID!) {
    portalClient(id: $id) {
      id
      name
      createdAt
      planStatus
      storedPlanStatus
      billingRequired
      trialEndsAt
      isPaying
      memberCount
      members {
        userId
        email
        firstName
        lastName
        permissions {
          isActive
          isAdmin
          isClientUser
        }
      }
      features {
        key
        label
        description
        enabled
      }
      msa {
        fileName
        contentType
        size
        uploadedAt
        uploadedByEmail
        downloadUrl
      }
    }
  }
`);
