import { graphql } from '../../../graphql/public';

export const PortalDeleteMsaMutation = graphql(`
  mutation PortalDeleteMsa($clientId: ID!) {
    portalDeleteMsa(clientId: $clientId) {
      client {
        id
        msa {
          fileName
        }
      }
      error {
        code
        message
      }
    }
  }
`);
