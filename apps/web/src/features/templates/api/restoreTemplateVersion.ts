import { graphql } from '../../../graphql/client';

/** Makes an older version the newest again, as a new version. */
export const RestoreTemplateVersionMutation = graphql(`
  mutation RestoreTemplateVersion($templateId: ID!, $versionId: ID!) {
    restoreProductCatalogTemplateVersion(templateId: $templateId, versionId: $versionId) {
      template {
        id
        versionNumber
        templateVersionId
      }
      error {
        code
        message
      }
    }
  }
`);
