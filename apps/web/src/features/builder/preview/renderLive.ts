/**
 * Draws the editor's current template with a preview item in the browser, with the inputs generation would
 * use (livePreviewInputs: metadata, the item's images through the server's image route, the brand kit) and
 * the renderer package's browser renderer, loaded on first use. Resolves to a PNG data URL.
 */
import type { RenderRequest } from '@adloom/renderer';
import { LRUCache } from 'lru-cache';
import { liveRenderRequest, slotImageUrl, templateSlots, type LiveInputs } from './liveRequest';
import type { PreviewItem } from './previewItem';

/** Draws `svg` with `item`; resolves to a PNG data URL. */
export type RenderTemplate = (svg: string, item: PreviewItem) => Promise<string>;

export interface LiveRendererDeps {
  /** livePreviewInputs of an item; rejects with a message to show. */
  loadInputs: (productCatalogItemId: string) => Promise<LiveInputs>;
  /** Renders off-screen (spec section 4); default: the renderer package's, imported on first use. */
  renderOffscreen?: (request: RenderRequest) => Promise<{ imageDataUrl: string }>;
  /** Default: the page's fetch. */
  fetch?: typeof fetch;
  createObjectUrl?: (blob: Blob) => string;
  revokeObjectUrl?: (url: string) => void;
}

/** How many item images and drawn previews are kept for the next render. */
const IMAGE_CACHE_SIZE = 24;
const RENDER_CACHE_SIZE = 12;

/** A small cache, least recently used out first; `evict` hears what leaves for want of room. */
export function lruCache<V extends object>(size: number, evict: (value: V) => void = () => undefined) {
  const entries = new LRUCache<string, V>({
    max: size,
    dispose: (value, _key, reason) => {
      if (reason === 'evict') evict(value);
    },
  });
  return {
    get(key: string, make: () => V): V {
      let value = entries.get(key);
      if (value === undefined) {
        value = make();
        entries.set(key, value);
      }
      return value;
    },
    delete(key: string) {
      entries.delete(key);
    },
  };
}

const defaultRenderOffscreen = async (request: RenderRequest) => {
  const { browserRenderer } = await import('./browserRenderer');
  return browserRenderer.renderOffscreen(request);
};

/**
 * What a request does with an item picture that cannot be downloaded: by default it fails (the live preview
 * says why); with a stand-in, the slot gets the stand-in picture and `onMissing` hears why (the canvas's
 * product view draws the ad with that slot as a field).
 */
export interface LiveRequestOptions {
  standIn?: { image: string; onMissing: (reason: string) => void };
}

/** The render request for a template and an item, with the item's inputs and images loaded. */
export type LiveRequests = (
  svg: string,
  item: PreviewItem,
  options?: LiveRequestOptions,
) => Promise<RenderRequest>;

/**
 * LiveRequests with caches: each item's inputs are read once and each image is downloaded once (with the
 * session's cookie, as a blob: URL the renderer reads). The live preview and the canvas's product view
 * share one.
 */
export function createLiveRequests(deps: Omit<LiveRendererDeps, 'renderOffscreen'>): LiveRequests {
  const fetchFn = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const createObjectUrl = deps.createObjectUrl ?? ((blob: Blob) => URL.createObjectURL(blob));
  const revokeObjectUrl = deps.revokeObjectUrl ?? ((url: string) => URL.revokeObjectURL(url));

  const inputs = lruCache<Promise<LiveInputs>>(RENDER_CACHE_SIZE);
  const images = lruCache<Promise<string>>(IMAGE_CACHE_SIZE, (image) => {
    void image.then(revokeObjectUrl, () => undefined);
  });

  const loadImage = (url: string) =>
    images.get(url, () =>
      remembered(
        images,
        url,
        (async () => {
          let response: Response;
          try {
            response = await fetchFn(url, { credentials: 'same-origin' });
          } catch {
            throw new Error('an image of the item could not be downloaded: check the connection');
          }
          if (!response.ok) {
            const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
            throw new Error(
              typeof body?.message === 'string' ? body.message : `an image answered HTTP ${response.status}`,
            );
          }
          return createObjectUrl(await response.blob());
        })(),
      ),
    );

  return async (svg, item, options = {}) => {
    const id = item.productCatalogItemId;
    const itemInputs = await inputs.get(id, () => remembered(inputs, id, deps.loadInputs(id)));
    const { standIn } = options;
    const slotImages = await Promise.all(
      templateSlots(svg).map((slot) => {
        const url = slotImageUrl(itemInputs.imageUrls, slot);
        if (url === null) return null;
        if (!standIn) return loadImage(url);
        return loadImage(url).catch((error: unknown) => {
          standIn.onMissing(error instanceof Error ? error.message : String(error));
          return standIn.image;
        });
      }),
    );
    return liveRenderRequest(svg, itemInputs, slotImages);
  };
}

/** Forgets a failed load, so the next render tries again. */
export function remembered<V>(cache: { delete(key: string): void }, key: string, load: Promise<V>) {
  load.catch(() => cache.delete(key));
  return load;
}

/**
 * A RenderTemplate with caches: the requests of `requests` (made here when not given), and the same
 * template and item are drawn once however many previews show them (the PREVIEW tab and the preview bar).
 */
export function createLiveRenderer(
  deps: LiveRendererDeps | (Pick<LiveRendererDeps, 'renderOffscreen'> & { requests: LiveRequests }),
): RenderTemplate {
  const requests = 'requests' in deps ? deps.requests : createLiveRequests(deps);
  const renderOffscreen = deps.renderOffscreen ?? defaultRenderOffscreen;
  const renders = lruCache<Promise<string>>(RENDER_CACHE_SIZE);

  const draw = async (svg: string, item: PreviewItem) => {
    const { imageDataUrl } = await renderOffscreen(await requests(svg, item));
    return imageDataUrl;
  };

  return (svg, item) => {
    const key = `${item.productCatalogItemId}\n${svg}`;
    return renders.get(key, () => remembered(renders, key, draw(svg, item)));
  };
}
