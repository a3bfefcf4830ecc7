import { graphql } from '../../../graphql/client';
import { MetricValuesFields } from './metricValuesFields';

/** Who an ad is: names, creative and what Adloom made it from (the winners and losers add only their spend). */
export const PerformanceAdIdentityFields = graphql(`
  fragment PerformanceAdIdentityFields on PerformanceAd @_unmask {
    id
    name
    campaignId
    campaignName
    adSetName
    thumbnailUrl
    creativeUrl
    creativeKind
    ours {
      feedId
      designId
      templateVersionId
      templateId
      catalogItemId
    }
  }
`);

/** An ad as the top-ads list shows it: who it is and every metric. */
export const PerformanceAdFields = graphql(
  `
    fragment PerformanceAdFields on PerformanceAd @_unmask {
      ...PerformanceAdIdentityFields
      values {
        ...MetricValuesFields
      }
    }
  `,
  [PerformanceAdIdentityFields, MetricValuesFields],
);
