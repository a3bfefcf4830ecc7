import { graphql } from '../../../graphql/client';

/**
 * Saves the ad accounts to sync and the backfill length; the server starts the backfill. The answer
 * names the connection, so urql asks metaIntegration again (the document cache refreshes every query
 * holding a MetaConnection).
 */
export const SelectMetaAdAccountsMutation = graphql(`
  mutation SelectMetaAdAccounts($externalIds: [String!]!, $backfillDays: Int!) {
    selectMetaAdAccounts(externalIds: $externalIds, backfillDays: $backfillDays) {
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
