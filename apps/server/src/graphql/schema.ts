import { lexicographicSortSchema, type GraphQLSchema } from 'graphql';
import { builder } from './builder.js';
// Each module's index.ts loads its GraphQL types and fields onto the builder.
import '../modules/clients/index.js';
import '../modules/users/index.js';
import '../modules/portal/index.js';
import '../modules/uploads/index.js';
import '../modules/templates/index.js';
import '../modules/brand-kit/index.js';
import '../modules/catalogs/index.js';
import '../modules/feeds/index.js';
import '../modules/audit/index.js';
import '../modules/performance/index.js';

let built: { publicSchema: GraphQLSchema; clientSchema: GraphQLSchema } | undefined;

/** The two endpoint schemas: public `/api/` and client-scoped `/api/clients/{clientId}/`. */
export function schemas() {
  built ??= {
    publicSchema: lexicographicSortSchema(builder.toSchema({ subGraph: 'public' })),
    clientSchema: lexicographicSortSchema(builder.toSchema({ subGraph: 'client' })),
  };
  return built;
}
