import { graphql } from '../../../graphql/public';

export const PortalClientsQuery = graphql(`
  query PortalClients($onlyPaying: Boolean!, $search: String) {
    portalClients(onlyPaying: $onlyPaying, search: $search) {
      id
      name
      createdAt
      planStatus
      storedPlanStatus
      billingRequired
      trialEndsAt
      isPaying
      memberCount
    }
  }
`);
