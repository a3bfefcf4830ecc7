import { graphql } from '../../../graphql/client';

/** The workspace itself (client-scoped); used when the viewer is staff without a membership. */
export const ClientQuery = graphql(`
  query Client {
    client {
      id
      name
      planStatus
      billingRequired
      trialEndsAt
      landingPath
    }
  }
`);
