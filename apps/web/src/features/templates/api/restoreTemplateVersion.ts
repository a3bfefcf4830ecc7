import { graphql } from '../../../graphql/client';

/** Makes an older version the newest again, as a new version; refused (CONFLICT) when baseVersionId is no longer the newest. */
export const RestoreTemplateVersionMutation = graphql(`
  mutation RestoreTemplateVersion($templateId: ID!, $versionId: ID!, $baseVersionId: ID) {
    restoreProductCatalogTemplateVersion(
      templateId: $templateId
      versionId: $versionId
      baseVersionId: $baseVersionId
    ) {
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
