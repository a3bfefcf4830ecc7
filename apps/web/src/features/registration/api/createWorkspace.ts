import { graphql } from '../../../graphql/public';

/** `/register/client/`: the viewer becomes the admin of a new workspace on a trial plan. */
export const CreateWorkspaceMutation = graphql(`
  mutation CreateWorkspace($name: String!) {
    createWorkspace(name: $name) {
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
