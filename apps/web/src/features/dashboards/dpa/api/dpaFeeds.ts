import { graphql } from '../../../../graphql/client';

/** The workspace's feeds, for "Shows: Adloom creatives of feed …". */
export const DpaFeedsQuery = graphql(`
  query DpaFeeds {
    feeds {
      id
      name
    }
  }
`);
