import { graphql } from '../../../graphql/client';

/**
 * Syncs the selected ad accounts now. The answer names the connection, so urql asks metaIntegration again (the
 * document cache refreshes every query holding a MetaConnection).
 */
export const SyncMetaNowMutation = graphql(`
  mutation SyncMetaNow {
    syncMetaNow {
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
