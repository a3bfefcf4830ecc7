import { graphql } from '../../../graphql/client';

/** Creates a catalogue and starts its first import, from the uploaded file or the URL. */
export const CreateCatalogMutation = graphql(`
  mutation CreateCatalog(
    $name: String!
    $sourceUrl: String
    $uploadKey: String
    $schedule: CatalogSchedule
    $idempotencyKey: String
  ) {
    createCatalog(
      name: $name
      sourceUrl: $sourceUrl
      uploadKey: $uploadKey
      schedule: $schedule
      idempotencyKey: $idempotencyKey
    ) {
      catalog {
        id
        name
      }
      error {
        code
        message
      }
    }
  }
`);
