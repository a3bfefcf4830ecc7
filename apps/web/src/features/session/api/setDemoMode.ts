import { graphql } from '../../../graphql/public';

export const SetDemoModeMutation = graphql(`
  mutation SetDemoMode($enabled: Boolean!) {
    setDemoMode(enabled: $enabled) {
      user {
        id
        demoMode
      }
      error {
        code
        message
      }
    }
  }
`);
