import { graphql } from '../../../graphql/public';

export const PortalSetClientPlanMutation = graphql(`
  mutation PortalSetClientPlan(
    $clientId: ID!
    $planStatus: PlanStatus!
    $billingRequired: Boolean!
    $trialEndsAt: DateTime
  ) {
    portalSetClientPlan(
      clientId: $clientId
      planStatus: $planStatus
      billingRequired: $billingRequired
      trialEndsAt: $trialEndsAt
    ) {
      client {
        id
        planStatus
        storedPlanStatus
        billingRequired
        trialEndsAt
        isPaying
      }
      error {
        code
        message
      }
    }
  }
`);
