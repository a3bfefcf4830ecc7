import { graphql } from '../../../graphql/client';
import { MetricValuesFields } from './metricValuesFields';

/** An ad as the top-ads list and the winners and losers show it, with what Adloom made it from. */
export const PerformanceAdFields = graphql(
  `
    fragment PerformanceAdFields on PerformanceAd @_unmask {
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
      values {
        ...MetricValuesFields
      }
    }
  `,
  [MetricValuesFields],
);
