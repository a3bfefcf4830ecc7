/**
 * The product view's bitmaps (engine/product-view.ts, ARCHITECTURE.md "Product view"): the renderer package's
 * browser renderer draws the template with an item's live inputs (the requests the live preview uses), as
 * bitmaps for the canvas: the whole ad, and the ad without some layers and only them from one render.
 * Cached by template and item, as the live preview's pictures are.
 */
import type { RenderRequest } from '@adloom/renderer';
import type { LayerPick, PartsRenderResult } from '@adloom/renderer/browser';
import type { ProductSource } from '../engine/product-view';
import type { ProductBitmap } from '../engine/product-frame';
import type { PreviewItem } from './previewItem';
import { lruCache, remembered, type LiveRequests } from './renderLive';

/** Draws parts of one render (the browser renderer's renderParts). */
export type RenderParts = (
  request: RenderRequest,
  parts: readonly (LayerPick | null)[],
) => Promise<Pick<PartsRenderResult, 'bitmaps'> | { bitmaps: ProductBitmap[] }>;

const defaultRenderParts: RenderParts = async (request, parts) => {
  const { browserRenderer } = await import('./browserRenderer');
  return browserRenderer.renderParts(request, parts);
};

/**
 * What a slot shows when the item's picture cannot be downloaded: the slot's placeholder colour
 * (SLOT_PLACEHOLDER_FILL, #d9d6d0), so that part of the ad looks as in the fields view.
 */
const SLOT_STAND_IN =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4ee0CAAULAoAKPr12AAAAAElFTkSuQmCC';

/** How many whole ads and split pairs are kept (the last few edits, undo, another item and back). */
const FULL_CACHE_SIZE = 6;
const SPLIT_CACHE_SIZE = 2;

/** Makes the product view's source for an item; one per builder, its caches shared by every item. */
export function createProductRenderer(
  requests: LiveRequests,
  renderParts: RenderParts = defaultRenderParts,
): (item: PreviewItem) => ProductSource {
  const fulls = lruCache<Promise<{ bitmap: ProductBitmap; problem: string | null }>>(FULL_CACHE_SIZE);
  const splits = lruCache<Promise<{ without: ProductBitmap; only: ProductBitmap }>>(SPLIT_CACHE_SIZE);
  /** The parts, and why a slot shows a field instead of the item's picture (null: none does). */
  const draw = async (svg: string, item: PreviewItem, parts: readonly (LayerPick | null)[]) => {
    const missing: string[] = [];
    const request = await requests(svg, item, {
      standIn: { image: SLOT_STAND_IN, onMissing: (reason) => missing.push(reason) },
    });
    const { bitmaps } = await renderParts(request, parts);
    return { bitmaps: bitmaps as ProductBitmap[], problem: missing[0] ?? null };
  };
  return (item) => {
    const key = item.productCatalogItemId;
    return {
      key,
      full: (svg) => {
        const tag = `${key}\n${svg}`;
        return fulls.get(tag, () =>
          remembered(
            fulls,
            tag,
            draw(svg, item, [null]).then(({ bitmaps, problem }) => ({ bitmap: bitmaps[0]!, problem })),
          ),
        );
      },
      split: (svg, layerIds) => {
        const tag = `${key}\n${layerIds.join(' ')}\n${svg}`;
        return splits.get(tag, () =>
          remembered(
            splits,
            tag,
            draw(svg, item, [{ withoutLayers: layerIds }, { onlyLayers: layerIds }]).then(
              ({ bitmaps: [without, only] }) => ({ without: without!, only: only! }),
            ),
          ),
        );
      },
    };
  };
}

/**
 * The whole ad as a PNG data URL, drawn as the product view draws it (not off-screen: a slot the item has no
 * picture for keeps the template's own, where an off-screen render would refuse). The save's thumbnail.
 */
export async function renderInPage(
  request: RenderRequest,
  renderParts: RenderParts = defaultRenderParts,
): Promise<{ imageDataUrl: string }> {
  const { bitmaps } = await renderParts(request, [null]);
  const bitmap = bitmaps[0] as ImageBitmap;
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('the browser cannot draw the ad');
  context.drawImage(bitmap, 0, 0);
  return { imageDataUrl: canvas.toDataURL('image/png') };
}
