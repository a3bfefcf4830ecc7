import { graphql } from '../../../graphql/client';

/** A template's versions, newest first. */
export const TemplateVersionsQuery = graphql(`
  query TemplateVersions($templateId: ID!) {
    productCatalogTemplateVersions(templateId: $templateId) {
      id
      number
      name
      thumbnailUrl
      width
      height
      slotCount
      restoredFromId
      createdAt
    }
  }
`);
