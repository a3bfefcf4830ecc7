import { graphql } from '../../../graphql/public';

/** `/register/client/`: the viewer becomes the admin of a new workspace on a trial plan. */
export const CreateWorkspaceMutation = graphql(`
  mutation CreateWorkspace($name: String!, $idempotencyKey: String) {
    createWorkspace(name: $name, idempotencyKey: $idempotencyKey) {
      client {
        id
        landingPath
      }
      error {
        code
        message
      }
    }
  }
`);
