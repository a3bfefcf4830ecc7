import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where the renderer page is served (spec section 7: the global render functions, for embedding pages). */
export const RENDERER_PAGE_PATH = '/renderer/';

/**
 * The page's Content-Security-Policy: its own scripts plus WebAssembly compilation (resvg), requests for
 * the fonts (same origin) and for request images and custom fonts, which may be on any host or data:/blob:
 * URLs (fetched as anonymous CORS); nothing else: no inline script or style, no plugins, no forms, and
 * framing by this site's own pages only (as X-Frame-Options says).
 */
export const RENDERER_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "connect-src 'self' https: http: data: blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** Where `npm run build -w @adloom/renderer` writes the page; the same from src and dist. */
export function builtRendererDir(): string {
  const rendererPackage = createRequire(import.meta.url).resolve('@adloom/renderer/package.json');
  return path.join(path.dirname(rendererPackage), 'dist', 'browser');
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
};

/** A file name the build writes: no path, no leading dot, a known type. */
const SERVABLE = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:html|js|wasm|map)$/;
/** Bundle and WebAssembly names carry an esbuild content hash: `adloom-renderer-ABCD1234.js`. */
const HASHED = /-[A-Z0-9]{8}\.(?:js|wasm)(?:\.map)?$/;

/** The precompressed copy the client accepts, best first. */
function encodings(req: FastifyRequest): ('br' | 'gzip')[] {
  const accepted = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !/^\s*q=0(?:\.0*)?\s*$/.test(q ?? ''))
    .map(([name]) => name?.trim().toLowerCase());
  return (['br', 'gzip'] as const).filter((name) => accepted.includes(name));
}

/**
 * Serves the renderer page built by the renderer package (dist/browser/): `GET /renderer/` is the page,
 * `/renderer/<file>` its bundle, WebAssembly module and source maps (brotli or gzip when accepted). Every
 * answer carries the page's Content-Security-Policy; anything else under /renderer/ is a 404, never the
 * web app. Files are looked up per request, so a rebuild is served without a restart.
 */
export async function registerRendererPage(app: FastifyInstance, dir = builtRendererDir()) {
  const notFound = (reply: FastifyReply, url: string) =>
    reply
      .code(404)
      .header('content-security-policy', RENDERER_PAGE_CSP)
      .send({ code: 'NOT_FOUND', message: `No renderer file at ${url.split('?')[0]}` });

  async function send(req: FastifyRequest, reply: FastifyReply, name: string) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) {
      if (name !== 'index.html') return notFound(reply, req.url);
      return reply
        .code(503)
        .header('content-security-policy', RENDERER_PAGE_CSP)
        .type('text/plain; charset=utf-8')
        .send('The renderer page is not built yet: run `npm run build` (npm start does it).');
    }
    const etag = `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"`;
    reply
      .header('content-security-policy', RENDERER_PAGE_CSP)
      .header('cache-control', HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('etag', etag)
      .type(TYPES[path.extname(name)] ?? 'application/octet-stream');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    if (/\.(?:js|wasm)$/.test(name)) {
      reply.header('vary', 'accept-encoding');
      for (const encoding of encodings(req)) {
        const compressed = await readFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`).catch(
          () => undefined,
        );
        if (compressed) return reply.header('content-encoding', encoding).send(compressed);
      }
    }
    return reply.send(await readFile(file));
  }

  app.get('/renderer', (req, reply) => {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    return reply.redirect(`${RENDERER_PAGE_PATH}${query}`, 308);
  });
  app.get(RENDERER_PAGE_PATH, (req, reply) => send(req, reply, 'index.html'));
  app.get<{ Params: { file: string } }>(`${RENDERER_PAGE_PATH}:file`, (req, reply) =>
    SERVABLE.test(req.params.file) ? send(req, reply, req.params.file) : notFound(reply, req.url),
  );
  app.get(`${RENDERER_PAGE_PATH}*`, (req, reply) => notFound(reply, req.url));
}
