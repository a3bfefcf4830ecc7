import { graphql } from '../../../graphql/client';

/**
 * Forgets Meta's access; every synced row is kept. The answer names the connection, so urql asks metaIntegration again (the
 * document cache refreshes every query holding a MetaConnection).
 */
export const DisconnectMetaMutation = graphql(`
  mutation DisconnectMeta {
    disconnectMeta {
      connection {
        id
        status
      }
      error {
        code
        message
      }
    }
  }
`);
