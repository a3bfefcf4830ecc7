import { graphql } from '../../../../graphql/client';

/** Queues the server preview of one catalogue item with the given ad configs (spec section 7, row 6). */
export const StartAdGenerationJobMutation = graphql(`
  mutation BuilderStartAdGenerationJob($adConfigs: [AdConfigInput!]!, $productCatalogItemId: ID!) {
    startAdGenerationJob(adConfigs: $adConfigs, productCatalogItemId: $productCatalogItemId) {
      adJobResult {
        jobId
      }
      error {
        code
        message
      }
    }
  }
`);
