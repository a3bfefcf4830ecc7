import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER } from '../auth/sessions.js';
import type { Config } from '../config.js';

const API_PREFIX = '/api/';

/**
 * CORS for the API (`/api/`, which acts with the user's cookies): only pages of PUBLIC_URL's origin and of
 * CORS_ORIGINS may call it from a browser; any other origin, preflight or not, gets no Access-Control-Allow-*
 * header at all. Public files (fonts, uploads) set their own `*`, without credentials.
 *
 * Hand-written rather than Yoga's or @fastify/cors: Yoga's allows every origin by default and covers only its
 * own answers (not the routes' 401/403 nor preflights, which never reach it); @fastify/cors cannot be limited
 * to a path prefix without adding `Vary: Origin` to every page and file of the app.
 */
export function registerApiCors(app: FastifyInstance, config: Config) {
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith(API_PREFIX)) return;
    // The answer depends on the Origin: a cache must not hand one origin's answer to another.
    reply.header('vary', 'Origin');
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      // A preflight carries no cookie: it is answered here, before any route asks for a session.
      return reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', `content-type, ${CSRF_HEADER}`)
        .header('access-control-max-age', '600')
        .send();
    }
  });
}
