import { graphql } from '../../../graphql/client';

/** What the filters offer and the page header shows: accounts, campaigns, currencies, attribution, demo. */
export const PerformanceContextQuery = graphql(`
  query PerformanceContext {
    performanceContext {
      accounts {
        id
        name
        source
        currency
        timeZone
        lastSyncedAt
      }
      campaigns {
        id
        name
        accountId
      }
      currencies
      attributionSettings
      firstDay
      lastDay
      hasData
      demo
      minSpend
    }
  }
`);
