import { graphql } from '../../../graphql/client';

/** Where to send the browser for Meta's consent page; Meta returns to the server's callback. */
export const StartMetaConnectionMutation = graphql(`
  mutation StartMetaConnection {
    startMetaConnection {
      authorizeUrl
      error {
        code
        message
      }
    }
  }
`);
