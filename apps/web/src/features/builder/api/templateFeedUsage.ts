import { graphql } from '../../../graphql/client';

/** How many feeds and ads use a template, and its newest version: asked fresh before a save updates them. */
export const TemplateFeedUsageQuery = graphql(`
  query TemplateFeedUsage($id: ID!) {
    productCatalogTemplate(id: $id) {
      id
      versionNumber
      feedUsage {
        feeds
        ads
      }
    }
  }
`);
