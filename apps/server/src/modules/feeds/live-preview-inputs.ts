/**
 * The builder's live preview draws the unsaved template in the browser with the same inputs generation
 * gives the server's renderer (issue 6, "what the live preview shows is what generation produces"):
 *
 * - livePreviewInputs: the item's metadata (itemMetadata, as generation computes it now), its input
 *   images in slot order (itemImages) as URLs of the image route below, and the brand kit's colour, main
 *   logo and fonts (brandInputsFor, as generation takes them).
 * - GET /api/clients/{clientId}/live-preview/image?item={productCatalogItemId}&index={i}: the item's i-th
 *   image, downloaded by the server with generation's guard (fetchImage: no private addresses except
 *   FETCH_ALLOW_HOSTS, size, pixel and time limits) and with the slot's pixel features applied
 *   (removeBorders, removeBordersHard, removeBackground, as applySlotFeatures does before rendering), so
 *   the browser reads it same-origin. Only members of the client get the images of its own catalogues;
 *   the URL fetched is always one the catalogue item holds, never one the request names.
 */
import { ImageLoadError, fetchImage } from '@adloom/renderer/images';
import type { FontFile } from '@adloom/renderer';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { DomainError, isUuid } from '../../errors.js';
import { brandInputsFor } from '../brand-kit/index.js';
import { findItem, ownCatalog, parseItemId } from '../catalogs/index.js';
import { getClient, membershipOf } from '../clients/index.js';
import { permissionsOf } from '../users/index.js';
import { fileUrl } from '../uploads/index.js';
import { itemImages, itemMetadata } from './generation/metadata.js';
import { applySlotFeatures } from './generation/slot-features.js';

/** The pixel features the image route applies (the others place the image; the template says those). */
export const LIVE_IMAGE_FEATURES = ['removeBorders', 'removeBordersHard', 'removeBackground'] as const;

/** What the browser renderer needs besides the template to draw one item as generation would. */
export interface LivePreviewInputs {
  /** The render request's metadata. */
  metadata: Record<string, string>;
  /** The item's input images in slot order, as same-origin URLs of the image route. */
  imageUrls: string[];
  /** The brand-kit colour of inputs[].color (COLOR_PRIMARY layers); null when the kit has none. */
  brandColor: string | null;
  /** The `main` logo; null when the brand kit has no stored logo (generation then drops logo layers). */
  logoUrl: string | null;
  /** The brand-kit fonts, as additionalFiles.fonts. */
  fonts: (FontFile & { fontFamily: string })[];
}

/** The image route's path for one image of an item (features are added by the caller as query parameters). */
export function liveImagePath(clientId: string, productCatalogItemId: string, index: number): string {
  const query = new URLSearchParams({ item: productCatalogItemId, index: String(index) });
  return `/api/clients/${clientId}/live-preview/image?${query.toString()}`;
}

/** The item of one of the client's catalogues, or NOT_FOUND (another client's item included). */
async function ownItem(deps: Pick<AppDeps, 'db'>, clientId: string, productCatalogItemId: string) {
  const { catalogId, itemId } = parseItemId(productCatalogItemId);
  const catalog = await ownCatalog(deps.db, clientId, catalogId);
  const item = await findItem(deps.db, catalog, itemId);
  if (!item) throw new DomainError('NOT_FOUND', `Product catalog item ${productCatalogItemId} not found`);
  return item;
}

/** The brand kit's first logo whose file is stored (as generation: a logo whose file is gone is skipped). */
export async function firstStoredLogo<Logo extends { fileKey: string }>(
  deps: Pick<AppDeps, 'files'>,
  brand: { logos: readonly Logo[] },
): Promise<Logo | null> {
  for (const logo of brand.logos) if (await deps.files.exists(logo.fileKey)) return logo;
  return null;
}

/** The live preview's inputs for one of the client's catalogue items, at `now`. */
export async function livePreviewInputs(
  deps: Pick<AppDeps, 'db' | 'files' | 'config'>,
  clientId: string,
  productCatalogItemId: string,
  now: Date = new Date(),
): Promise<LivePreviewInputs> {
  const item = await ownItem(deps, clientId, productCatalogItemId);
  const brand = await brandInputsFor(deps, clientId);
  const logo = await firstStoredLogo(deps, brand);
  const logoUrl = logo ? fileUrl(deps.config, logo.fileKey) : null;
  return {
    metadata: itemMetadata(item, now),
    imageUrls: itemImages(item).map((_, index) => liveImagePath(clientId, productCatalogItemId, index)),
    brandColor: brand.color,
    logoUrl,
    fonts: brand.fonts,
  };
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
};

function sniffType(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return CONTENT_TYPES.jpeg!;
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return CONTENT_TYPES.png!;
  return 'application/octet-stream';
}

function problem(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ code, message });
}

/** Mounts the live preview's image route. */
export function registerLivePreviewRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { clientId: string }; Querystring: Record<string, string | undefined> }>(
    '/api/clients/:clientId/live-preview/image',
    async (req, reply) => {
      const viewer = req.viewer;
      if (!viewer) return problem(reply, 401, 'UNAUTHENTICATED', 'Sign in first.');
      const { clientId } = req.params;
      // As the client-scoped GraphQL endpoint: a non-member gets the same answer whether or not the client exists.
      const client = isUuid(clientId) ? await getClient(deps.db, clientId) : undefined;
      const membership = client ? await membershipOf(deps.db, viewer.user.id, client.id) : undefined;
      if (!client || !permissionsOf(viewer.user, membership).isActive)
        return problem(reply, 403, 'FORBIDDEN', 'Forbidden');
      const index = Number(req.query.index);
      if (!Number.isInteger(index) || index < 0)
        return problem(reply, 400, 'INVALID_INPUT', 'index must be a whole number, 0 or more.');
      let url: string | undefined;
      try {
        const item = await ownItem(deps, client.id, req.query.item ?? '');
        url = itemImages(item)[index];
      } catch (error) {
        if (error instanceof DomainError) return problem(reply, 404, error.code, error.message);
        throw error;
      }
      if (!url) return problem(reply, 404, 'NOT_FOUND', `The item has no image ${index + 1}.`);
      const features = Object.fromEntries(
        LIVE_IMAGE_FEATURES.flatMap((key) => (req.query[key] === undefined ? [] : [[key, req.query[key]!]])),
      );
      try {
        const image = await fetchImage(url, { allowHosts: deps.config.fetchAllowHosts });
        const processed = await applySlotFeatures(image.bytes, features);
        const type = processed.changed
          ? sniffType(processed.bytes)
          : (CONTENT_TYPES[image.format] ?? 'application/octet-stream');
        return (
          reply
            .header('content-type', type)
            .header('cache-control', 'private, max-age=300')
            // Read by the page's script only: never run as a document (an SVG could carry script).
            .header('content-security-policy', "default-src 'none'; sandbox")
            .header('x-content-type-options', 'nosniff')
            .header('content-disposition', 'attachment')
            .send(processed.bytes)
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const status = error instanceof ImageLoadError ? 502 : 422;
        return problem(reply, status, 'IMAGE_UNAVAILABLE', `Image ${index + 1} of the item: ${reason}`);
      }
    },
  );
}
