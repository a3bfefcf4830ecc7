import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';

const NOT_CONFIGURED = {
  code: 'AUTH0_NOT_CONFIGURED',
  message:
    'Auth0 sign-in is not configured on this server. Set AUTH0_ISSUER_URL (or AUTH0_DOMAIN), AUTH0_CLIENT_ID and AUTH0_CLIENT_SECRET.',
};

/** OpenID Connect sign-in with the identity provider configured by AUTH0_* variables. */
export async function registerOidcRoutes(app: FastifyInstance, deps: AppDeps) {
  if (!deps.config.auth0) {
    for (const [method, url] of [
      ['GET', '/auth/login/auth0/'],
      ['GET', '/auth/token/auth0/'],
      ['POST', '/auth/auth0/resend_verification_link/'],
    ] as const)
      app.route({ method, url, handler: async (_req, reply) => reply.code(503).send(NOT_CONFIGURED) });
    return;
  }
  throw new Error('OpenID Connect sign-in is not implemented yet');
}
