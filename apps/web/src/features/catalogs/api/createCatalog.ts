import { graphql } from '../../../graphql/client';

/** Creates a catalogue and starts its first import, from the uploaded file or the URL. */
export const CreateCatalogMutation = graphql(`
  mutation CreateCatalog(
    $name: String!
    $sourceUrl: String
    $uploadKey: String
    $schedule: CatalogSchedule
    $feedFormat: CatalogFeedFormat
    $currency: String
    $idempotencyKey: String
  ) {
    createCatalog(
      name: $name
      sourceUrl: $sourceUrl
      uploadKey: $uploadKey
      schedule: $schedule
      feedFormat: $feedFormat
      currency: $currency
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
