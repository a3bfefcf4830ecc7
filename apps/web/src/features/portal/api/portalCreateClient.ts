import { graphql } from '../../../graphql/public';

export const PortalCreateClientMutation = graphql(`
  mutation PortalCreateClient(
    $name: String!
    $adminEmail: String
    $planStatus: PlanStatus!
    $idempotencyKey: String
  ) {
    portalCreateClient(
      name: $name
      adminEmail: $adminEmail
      planStatus: $planStatus
      idempotencyKey: $idempotencyKey
    ) {
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
