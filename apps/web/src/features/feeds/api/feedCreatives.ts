import { graphql } from '../../../graphql/client';
import { CreativeFields } from './creativeFields';

/** A page of a feed's creatives (one per item), optionally of some statuses only. */
export const FeedCreativesQuery = graphql(
  `
    query FeedCreatives($feedId: ID!, $statuses: [CreativeStatus!], $offset: Int, $limit: Int) {
      feedCreatives(feedId: $feedId, statuses: $statuses, offset: $offset, limit: $limit) {
        total
        creatives {
          ...CreativeFields
        }
      }
    }
  `,
  [CreativeFields],
);
