import { graphql } from '../../graphql/client';

/** Where to upload one new file (spec section 7, row 1): a presigned POST. */
export const CreateUploadDestinationMutation = graphql(`
  mutation CreateUploadDestination($key: String!, $uploadType: UploadType!, $contentType: String) {
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
