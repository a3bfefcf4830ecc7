import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const API_PREFIXES = ['/api/', '/auth/', '/export/', '/staff/', '/healthz'];

/** Serves the built web app; every client-side route answers index.html. */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Looks files up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: false,
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html must always be fresh.
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // The static handler answers 403 for the dist directory itself; the root is a page like any other.
  app.get('/', (_req, reply) => sendIndex(reply));
  function sendIndex(reply: FastifyReply) {
    if (!hasBuild)
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it).');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage = req.method === 'GET' && !API_PREFIXES.some((p) => url.startsWith(p)) && !path.extname(url);
    if (!isPage) return reply.code(404).send({ code: 'NOT_FOUND', message: `No route ${req.method} ${url}` });
    return sendIndex(reply);
  });
}
