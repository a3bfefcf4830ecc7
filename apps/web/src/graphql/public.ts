import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './public-env';

/** Typed documents for the public endpoint `/api/` (schema: apps/server/schema/public.graphql). */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  scalars: { DateTime: string; JSON: unknown };
}>();
