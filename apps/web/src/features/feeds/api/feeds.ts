import { graphql } from '../../../graphql/client';

/** Every feed of the workspace, with the counts a list shows. */
export const FeedsQuery = graphql(`
  query Feeds {
    feeds {
      id
      name
      productSetId
      status
      updatedAt
      counts {
        isGenerating
        itemCount
        completedCount
        generatedCount
        failedCount
      }
    }
  }
`);
