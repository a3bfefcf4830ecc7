import { graphql } from '../../../graphql/public';

// Only the error is selected: the session is refreshed explicitly afterwards.
export const AcceptTermsMutation = graphql(`
  mutation AcceptTerms($clientId: ID!) {
    acceptTerms(clientId: $clientId) {
      error {
        code
        message
      }
    }
  }
`);
