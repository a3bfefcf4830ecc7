import { graphql } from '../../../graphql/client';

/** Where to upload one catalogue file (uploadType CATALOG_FILE): a presigned POST. */
export const CreateCatalogUploadDestinationMutation = graphql(`
  mutation CreateCatalogUploadDestination($key: String!, $uploadType: UploadType!, $contentType: String) {
    createUploadDestination(key: $key, uploadType: $uploadType, contentType: $contentType) {
      uploadDestination {
        url
        formFields {
          key
          value
        }
      }
      error {
        code
        message
      }
    }
  }
`);
