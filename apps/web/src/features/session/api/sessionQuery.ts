import { graphql } from '../../../graphql/public';

/** The signed-in user (null when signed out), their clients, and the branding of this session. */
export const SessionQuery = graphql(`
  query Session {
    me {
      id
      email
      firstName
      lastName
      initials
      createdAt
      hasMultipleClients
      tokenAuth
      isStaff
      isSuperUser
      demoMode
      clients {
        id
        name
        planStatus
        billingRequired
        trialEndsAt
        termsAccepted
        showTermsModal
        landingPath
        permissions {
          isActive
          isAdmin
          isClientUser
        }
      }
    }
    branding {
      displayName
      customerSuccessEmail
      tokenAuth
      auth0Enabled
      localLoginEnabled
    }
  }
`);
