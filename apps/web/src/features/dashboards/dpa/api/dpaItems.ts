import { graphql } from '../../../../graphql/client';
import { DpaMetricFields } from './dpaMetricFields';

/** Catalogue-ad results rolled up to items, item groups or categories, all ads and each kind. */
export const DpaItemsQuery = graphql(
  `
    query DpaItems(
      $from: Date!
      $to: Date!
      $grouping: DpaGrouping!
      $categoryField: DpaCategoryField
      $search: String
      $limit: Int
      $filter: PerformanceFilter
    ) {
      dpaItems(
        from: $from
        to: $to
        grouping: $grouping
        categoryField: $categoryField
        search: $search
        limit: $limit
        filter: $filter
      ) {
        currency
        totalRows
        notInCatalog
        rows {
          key
          label
          imageUrl
          catalogId
          itemId
          items
          inCatalog
          values {
            ...DpaMetricFields
          }
          enhancementValues {
            ctr
          }
          catalogValues {
            ctr
          }
          creatives {
            feedId
            feedName
            imageUrl
            templateName
          }
        }
      }
    }
  `,
  [DpaMetricFields],
);
