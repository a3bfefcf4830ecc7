import { graphql } from '../../../graphql/client';

/** The Meta set-up of the server and the client's connection with its ad accounts and sync. */
export const MetaIntegrationQuery = graphql(`
  query MetaIntegration {
    metaIntegration {
      configured
      sandbox
      appId
      connection {
        id
        status
        userName
        connectedAt
        lastSyncAt
        lastSyncError
        backfillDays
        accounts {
          externalId
          name
          currency
          timeZone
          selected
          id
          lastSyncedAt
        }
        sync {
          state
          progress
          message
          startedAt
          finishedAt
          failures
        }
      }
    }
  }
`);
