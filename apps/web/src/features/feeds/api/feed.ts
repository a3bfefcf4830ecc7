import { graphql } from '../../../graphql/client';

/** One feed: its counts (spec section 3), its designs in order and its export URLs; null when there is none. */
export const FeedQuery = graphql(`
  query Feed($id: ID!) {
    feed(id: $id) {
      id
      name
      productSetId
      catalogId
      status
      updatedAt
      exportUrls
      counts {
        isGenerating
        itemCount
        pendingCount
        inProgressCount
        completedCount
        noInputImagesCount
        noTemplateMatchedCount
        failedCount
        generatingCount
        generatedCount
        archivedCount
      }
      designs {
        id
        position
        templateVersionId
        slotFeaturesJson
        itemFilterJson
        firstCreativeImageUrl
        templateVersion {
          templateId
          templateName
          versionNumber
          thumbnailUrl
          newestVersionNumber
          isNewest
          templateArchived
        }
      }
    }
  }
`);
