import { lexicographicSortSchema, type GraphQLSchema } from 'graphql';
import { builder } from './builder.js';
import '../modules/clients/clients.schema.js';
import '../modules/users/users.schema.js';
import '../modules/users/account.schema.js';
import '../modules/users/members.schema.js';
import '../modules/portal/portal.schema.js';
import '../modules/uploads/uploads.schema.js';
import '../modules/templates/templates.schema.js';
import '../modules/brand-kit/brand-kit.schema.js';
import '../modules/catalogs/catalogs.schema.js';
import '../modules/feeds/feeds.schema.js';
import '../modules/feeds/live-preview.schema.js';
import '../modules/audit/audit.schema.js';

let built: { publicSchema: GraphQLSchema; clientSchema: GraphQLSchema } | undefined;

/** The two endpoint schemas: public `/api/` and client-scoped `/api/clients/{clientId}/`. */
export function schemas() {
  built ??= {
    publicSchema: lexicographicSortSchema(builder.toSchema({ subGraph: 'public' })),
    clientSchema: lexicographicSortSchema(builder.toSchema({ subGraph: 'client' })),
  };
  return built;
}
