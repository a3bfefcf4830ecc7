import { Client, cacheExchange, fetchExchange } from 'urql';
import { csrfHeaders } from '../lib/csrf';

function createGraphqlClient(url: string): Client {
  return new Client({
    url,
    exchanges: [cacheExchange, fetchExchange],
    // POST only: the server checks the CSRF header on every request, and GET URLs would leak variables into logs.
    preferGetMethod: false,
    fetchOptions: () => ({ credentials: 'same-origin', headers: csrfHeaders() }),
  });
}

/** The public endpoint: me, branding, invitations, workspaces, staff portal. */
export const publicClient = createGraphqlClient('/api/');

/** A client-scoped endpoint; the server checks membership on every request. */
export function createClientScopedClient(clientId: string): Client {
  return createGraphqlClient(`/api/clients/${encodeURIComponent(clientId)}/`);
}
