import { graphql } from '../../../graphql/public';

export const PortalCreateClientMutation = graphql(`
  mutation PortalCreateClient($name: String!, $adminEmail: String, $planStatus: PlanStatus!) {
    portalCreateClient(name: $name, adminEmail: $adminEmail, planStatus: $planStatus) {
      client {
        id
        name
      }
      error {
        code
        message
      }
    }
  }
`);
