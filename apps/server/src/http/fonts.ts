import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FONT_ASSETS_PATH, fontCatalogue, resolveFontFile } from '@adloom/renderer/fonts';

/** Where `npm run build -w @adloom/renderer` writes the catalogue fonts; the same from src and dist. */
export function builtFontsDir(): string {
  const rendererPackage = createRequire(import.meta.url).resolve('@adloom/renderer/package.json');
  return path.join(path.dirname(rendererPackage), 'dist', 'fonts');
}

/**
 * Serves the global font catalogue (spec section 7): `<assets path><Family>-<weight>[italic][-<subset>].ttf`,
 * `<Family>.ttf` for the family's regular weight, and `catalogue.json`. Only file names the catalogue
 * produces are ever opened.
 */
export async function registerFontRoutes(app: FastifyInstance, fontsDir = builtFontsDir()) {
  const catalogueJson = JSON.stringify(fontCatalogue());
  const notFound = (message: string) => ({ code: 'FONT_NOT_FOUND', message });

  app.get(`${FONT_ASSETS_PATH}catalogue.json`, async (_req, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('access-control-allow-origin', '*')
      .send(catalogueJson),
  );

  app.get<{ Params: { file: string } }>(`${FONT_ASSETS_PATH}:file`, async (req, reply) => {
    const font = resolveFontFile(req.params.file);
    if (!font.ok) return reply.code(404).send(notFound(font.message));
    const file = path.join(fontsDir, font.file);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile())
      return reply.code(503).send({
        code: 'FONTS_NOT_BUILT',
        message: `The font file ${font.file} is not built yet: run \`npm run build\` (npm start does it).`,
      });
    const etag = `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"`;
    // Fonts of the same name only change when the font packages are upgraded.
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*')
      .header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('font/ttf').send(await readFile(file));
  });

  // Anything else under the fonts path is a missing font, never the web app's assets or index page.
  app.get(`${FONT_ASSETS_PATH}*`, async (req, reply) =>
    reply
      .code(404)
      .send(notFound(`No font at ${req.url.split('?')[0]}; see ${FONT_ASSETS_PATH}catalogue.json.`)),
  );
}
