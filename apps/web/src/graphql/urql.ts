import { Client, cacheExchange, fetchExchange, type AnyVariables, type TypedDocumentNode } from 'urql';
import { csrfHeaders } from '../lib/csrf';
import { askEarly, earlyAnswerExchange } from './prefetch';

/**
 * A GraphQL client of one endpoint. `answerEarly`: queries take the answers asked for at page load
 * (prefetch.ts); the clients that ask those early questions go straight to the network.
 */
function createGraphqlClient(url: string, answerEarly = true): Client {
  return new Client({
    url,
    exchanges: answerEarly ? [cacheExchange, earlyAnswerExchange(url), fetchExchange] : [fetchExchange],
    // POST only: the server checks the CSRF header on every request, and GET URLs would leak variables into logs.
    preferGetMethod: false,
    fetchOptions: () => ({ credentials: 'same-origin', headers: csrfHeaders() }),
  });
}

const PUBLIC_URL = '/api/';
const clientScopedUrl = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/`;

/** The public endpoint: me, branding, invitations, workspaces, staff portal. */
export const publicClient = createGraphqlClient(PUBLIC_URL);

/** A client-scoped endpoint; the server checks membership on every request. */
export function createClientScopedClient(clientId: string): Client {
  return createGraphqlClient(clientScopedUrl(clientId));
}

/** Asks a query at page load (prefetch.ts): on the public endpoint, or a client's when `clientId` is given. */
export function askEarlyAt<Data, Variables extends AnyVariables>(
  clientId: string | null,
  query: TypedDocumentNode<Data, Variables>,
  variables: Variables,
): void {
  const url = clientId === null ? PUBLIC_URL : clientScopedUrl(clientId);
  askEarly(createGraphqlClient(url, false), url, query, variables);
}
