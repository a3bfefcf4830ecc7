import { graphql } from '../../../graphql/client';
import { PerformanceAdFields } from './performanceAdFields';

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

    fragment RankedAdFields on RankedAd @_unmask {
      rank
      observed
      estimate
      low
      high
      ad {
        ...PerformanceAdFields
      }
    }
  `,
  [PerformanceAdFields],
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
