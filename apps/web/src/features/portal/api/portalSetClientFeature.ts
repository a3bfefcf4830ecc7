import { graphql } from '../../../graphql/public';

export const PortalSetClientFeatureMutation = graphql(`
  mutation PortalSetClientFeature($clientId: ID!, $key: String!, $enabled: Boolean!) {
    portalSetClientFeature(clientId: $clientId, key: $key, enabled: $enabled) {
      client {
        id
        features {
          key
          label
          description
          enabled
        }
      }
      error {
        code
        message
      }
    }
  }
`);
