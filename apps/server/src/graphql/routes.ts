import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { AppDeps } from '../deps.js';
import { CSRF_HEADER } from '../auth/sessions.js';
import { DomainError, isUuid } from '../errors.js';
import { getClient, membershipOf } from '../modules/clients/index.js';
import { MAX_TEMPLATE_CHARS } from '../modules/templates/index.js';
import { permissionsOf } from '../modules/users/index.js';
import type { ClientScope, GraphQLContext } from './context.js';
import { queryLimitPlugins, responseSizePlugins } from './limits.js';
import { loaderPlugins, RequestLoaders } from './loaders.js';
import { rejectNulCharacters } from './nul-character.js';
import { schemas } from './schema.js';

type ServerContext = { req: FastifyRequest; reply: FastifyReply };

/** The request being answered, for maskError: Yoga calls it without one. */
const currentRequest = new AsyncLocalStorage<FastifyRequest>();

function maskError(error: unknown): Error {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof DomainError)
    return new GraphQLError(original.message, { extensions: { code: original.code } });
  if (error instanceof GraphQLError && !error.originalError) return error;
  // A scalar refusing a value (Date, DateTime) throws a GraphQLError, which graphql-js wraps with the variable's name.
  if (error instanceof GraphQLError && original instanceof GraphQLError)
    return new GraphQLError(error.message, { extensions: { code: 'BAD_USER_INPUT' } });
  // The real error goes to the log under the request id; the user gets the id to quote.
  const req = currentRequest.getStore();
  req?.log.error({ err: original }, 'GraphQL: internal error (masked)');
  return new GraphQLError(
    `Unexpected error. Try again; if it happens again, report request id ${req?.id ?? 'unknown'}.`,
    { extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: req?.id } },
  );
}

function graphqlError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply
    .code(status)
    .type('application/json')
    .send({ errors: [{ message, extensions: { code } }] });
}

/** Mounts the public and the client-scoped GraphQL endpoints. */
export function registerGraphQL(app: FastifyInstance, deps: AppDeps) {
  const { publicSchema, clientSchema } = schemas();
  const common = {
    graphqlEndpoint: '/api/',
    logging: false as const,
    maskedErrors: { maskError },
    // CORS is the app's (http/cors.ts), for every /api/ answer; Yoga's own would allow any origin.
    cors: false as const,
    plugins: [...queryLimitPlugins(), rejectNulCharacters(), ...responseSizePlugins(), ...loaderPlugins()],
    graphiql: false,
    landingPage: false,
  };
  const publicYoga = createYoga<ServerContext, GraphQLContext>({ ...common, schema: publicSchema });
  const clientYoga = createYoga<ServerContext, GraphQLContext>({
    ...common,
    graphqlEndpoint: '/api/clients/:clientId/',
    schema: clientSchema,
  });

  async function handle(
    yoga: YogaServerInstance<ServerContext, GraphQLContext>,
    req: FastifyRequest,
    reply: FastifyReply,
    clientScope: ClientScope | null,
  ) {
    const context: GraphQLContext = {
      deps,
      viewer: req.viewer,
      clientScope,
      loaders: new RequestLoaders(deps.db),
    };
    const response = await currentRequest.run(req, () =>
      yoga.handleNodeRequestAndResponse(req, reply, { req, reply, ...context }),
    );
    response.headers.forEach((value, key) => {
      reply.header(key, value);
    });
    reply.status(response.status);
    reply.send(response.body);
    return reply;
  }

  /** Cookie-authenticated requests must echo the CSRF token; a signed-out request carries no authority. */
  function csrfFails(req: FastifyRequest): boolean {
    if (!req.viewer) return false;
    return req.headers[CSRF_HEADER] !== req.viewer.csrfToken;
  }

  app.route({
    url: '/api/',
    method: ['GET', 'POST'],
    handler: async (req, reply) => {
      if (csrfFails(req)) return graphqlError(reply, 403, 'CSRF_FAILED', 'Missing or wrong CSRF token.');
      return handle(publicYoga, req, reply, null);
    },
  });

  app.route<{ Params: { clientId: string } }>({
    url: '/api/clients/:clientId/',
    method: ['GET', 'POST'],
    // A saved template may hold up to 10 MB (the builder embeds placed pictures as data URLs), sent as
    // JSON; the app's 1 MB default would refuse it before the template's own checks could say why.
    bodyLimit: MAX_TEMPLATE_CHARS + 2 * 1024 * 1024,
    handler: async (req, reply) => {
      const viewer = req.viewer;
      if (!viewer) return graphqlError(reply, 401, 'UNAUTHENTICATED', 'Sign in first.');
      if (csrfFails(req)) return graphqlError(reply, 403, 'CSRF_FAILED', 'Missing or wrong CSRF token.');
      const { clientId } = req.params;
      // Membership is checked on every request; a non-member gets the same answer whether or not the client exists.
      const client = isUuid(clientId) ? await getClient(deps.db, clientId) : undefined;
      const membership = client ? await membershipOf(deps.db, viewer.user.id, client.id) : undefined;
      const permissions = permissionsOf(viewer.user, membership);
      if (!client || !permissions.isActive) return graphqlError(reply, 403, 'FORBIDDEN', 'Forbidden');
      return handle(clientYoga, req, reply, { client, permissions });
    },
  });
}
