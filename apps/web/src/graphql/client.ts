import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './client-env';

/** Typed documents for the client-scoped endpoint `/api/clients/{clientId}/` (schema: client.graphql). */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  scalars: { DateTime: string; Date: string };
}>();
