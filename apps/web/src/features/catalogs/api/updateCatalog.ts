import { graphql } from '../../../graphql/client';

/**
 * Renames a catalogue, or changes its URL, schedule or column mapping. A variable left out keeps
 * the stored value; an empty sourceUrl removes the URL.
 */
export const UpdateCatalogMutation = graphql(`
  mutation UpdateCatalog(
    $id: ID!
    $name: String!
    $sourceUrl: String
    $schedule: CatalogSchedule
    $columnMappingJson: String
  ) {
    updateCatalog(
      id: $id
      name: $name
      sourceUrl: $sourceUrl
      schedule: $schedule
      columnMappingJson: $columnMappingJson
    ) {
      catalog {
        id
        name
        sourceUrl
        schedule
        columnMappingJson
      }
      error {
        code
        message
      }
    }
  }
`);
