import { graphql } from '../../../graphql/client';

/**
 * Renames a catalogue, or changes its URL, schedule, column mapping, feed format or currency. A variable left out keeps
 * the stored value; an empty sourceUrl removes the URL.
 */
export const UpdateCatalogMutation = graphql(`
  mutation UpdateCatalog(
    $id: ID!
    $name: String!
    $sourceUrl: String
    $schedule: CatalogSchedule
    $columnMappingJson: String
    $feedFormat: CatalogFeedFormat
    $currency: String
  ) {
    updateCatalog(
      id: $id
      name: $name
      sourceUrl: $sourceUrl
      schedule: $schedule
      columnMappingJson: $columnMappingJson
      feedFormat: $feedFormat
      currency: $currency
    ) {
      catalog {
        id
        name
        sourceUrl
        schedule
        columnMappingJson
        feedFormat
        currency
      }
      error {
        code
        message
      }
    }
  }
`);
