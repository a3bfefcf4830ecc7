import { graphql } from '../../../../graphql/client';
import { PerformanceAdIdentityFields } from '../../api/performanceAdFields';
import { DpaMetricFields } from './dpaMetricFields';

/** Catalogue ads of a kind (all, plain catalogue image, Adloom creatives) with their products and totals. */
export const DpaAdsQuery = graphql(
  `
    query DpaAds($from: Date!, $to: Date!, $kind: DpaAdKind!, $filter: PerformanceFilter) {
      dpaAds(from: $from, to: $to, kind: $kind, filter: $filter) {
        currency
        total {
          ...DpaMetricFields
        }
        rows {
          kind
          feedId
          feedName
          products
          ad {
            ...PerformanceAdIdentityFields
          }
          values {
            ...DpaMetricFields
          }
        }
      }
    }
  `,
  [PerformanceAdIdentityFields, DpaMetricFields],
);
