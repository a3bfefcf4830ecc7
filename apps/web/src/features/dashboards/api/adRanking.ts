import { graphql } from '../../../graphql/client';
import { PerformanceAdIdentityFields } from './performanceAdFields';

/**
 * A ranked ad: its shrunk estimate, the interval and the observed value, and of the ad what the lists show
 * (its spend, not every metric: twenty ads × twenty metrics would cost more than the query limits allow).
 */
export const RankedAdFields = graphql(
  `
    fragment RankedAdFields on RankedAd @_unmask {
      rank
      observed
      estimate
      low
      high
      ad {
        ...PerformanceAdIdentityFields
        values {
          spend
        }
      }
    }
  `,
  [PerformanceAdIdentityFields],
);

/** Winners and losers ranked on a shrunk estimate, with its interval, the prior and the method's text. */
export const AdRankingQuery = graphql(
  `
    query AdRanking(
      $from: Date!
      $to: Date!
      $metric: PerformanceMetric!
      $limit: Int
      $filter: PerformanceFilter
    ) {
      adRanking(from: $from, to: $to, metric: $metric, limit: $limit, filter: $filter) {
        metric
        minSpend
        method
        prior
        eligibleAds
        excludedBelowMinSpend
        winners {
          ...RankedAdFields
        }
        losers {
          ...RankedAdFields
        }
      }
    }
  `,
  [RankedAdFields],
);

/** Saves the client's minimum spend for an ad to be ranked. */
export const SetPerformanceMinSpendMutation = graphql(`
  mutation SetPerformanceMinSpend($minSpend: Float!) {
    setPerformanceMinSpend(minSpend: $minSpend) {
      minSpend
      error {
        code
        message
      }
    }
  }
`);
