/**
 * The browser's FontSource (spec section 7, "Renderer loading"): catalogue fonts from the platform's
 * assets path by family with a weight suffix (`fontAssetPath`), falling back to the name without the
 * weight when a weighted file is missing; custom fonts from their fontUrl. Anonymous CORS requests only.
 */
import { fontAssetPath, resolveFontFile } from '../fonts/catalogue.js';
import type { FontSource } from '../resolve/text/font-loader.js';
import { ANONYMOUS_CORS, describeFetchError, readBody } from './http.js';

/** Largest custom font accepted (the server's limit too). */
export const MAX_BROWSER_FONT_BYTES = 10 * 1024 * 1024;
/** Catalogue files are a few hundred KB; anything near this is not one. */
const MAX_CATALOGUE_FONT_BYTES = 5 * 1024 * 1024;

/** Options of fetchFontSource. */
export interface FetchFontSourceOptions {
  /**
   * What the assets path (`/assets/fonts/…`) is resolved against: the origin that serves the catalogue.
   * Default: the page's location. The renderer bundle passes its own URL, so it works when embedded.
   */
  assetsBase?: string | URL;
  /** What custom font URLs are resolved against. Default: the page's location. */
  pageBase?: string | URL;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
}

function defaultBase(): string {
  const location = (globalThis as { location?: { href: string } }).location;
  if (!location) throw new Error('fetchFontSource needs a base URL outside a page');
  return location.href;
}

/** A FontSource fetching `fontAssetPath(…)` files and custom font URLs. */
export function fetchFontSource(options: FetchFontSourceOptions = {}): FontSource {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function get(url: URL, signal: AbortSignal, maxBytes: number): Promise<Response> {
    let response: Response;
    try {
      response = await fetchFn(url, { ...ANONYMOUS_CORS, signal });
    } catch (error) {
      throw new Error(`${url.href} could not be loaded: ${describeFetchError(error)}`, { cause: error });
    }
    if (response.ok) {
      const declared = Number(response.headers.get('content-length'));
      if (declared > maxBytes) throw new Error(`${url.href} is larger than ${maxBytes} bytes`);
    }
    return response;
  }

  const bytesOf = (response: Response, url: URL, maxBytes: number) =>
    readBody(response, maxBytes, () => new Error(`${url.href} is larger than ${maxBytes} bytes`));

  return {
    async catalogueFont(file, signal) {
      const face = resolveFontFile(file);
      if (!face.ok) throw new Error(face.message);
      const base = options.assetsBase ?? defaultBase();
      const weighted = new URL(
        fontAssetPath(face.family.family, face.weight, face.italic, face.subset),
        base,
      );
      let response = await get(weighted, signal, MAX_CATALOGUE_FONT_BYTES);
      let url = weighted;
      if (response.status === 404) {
        // Spec section 7: fall back to the family's name without the weight.
        await response.body?.cancel().catch(() => undefined);
        url = new URL(fontAssetPath(face.family.family, undefined, face.italic, face.subset), base);
        response = await get(url, signal, MAX_CATALOGUE_FONT_BYTES);
      }
      if (!response.ok) throw new Error(`${url.href} answered HTTP ${response.status}`);
      return bytesOf(response, url, MAX_CATALOGUE_FONT_BYTES);
    },
    async customFont(source, signal) {
      let url: URL;
      try {
        url = new URL(source, options.pageBase ?? defaultBase());
      } catch {
        throw new Error(`font URL ${source.slice(0, 200)} is not a valid URL`);
      }
      if (!['http:', 'https:', 'data:', 'blob:'].includes(url.protocol))
        throw new Error(`font URL ${source.slice(0, 200)} is not http(s)`);
      const response = await get(url, signal, MAX_BROWSER_FONT_BYTES);
      if (!response.ok) throw new Error(`${url.href.slice(0, 200)} answered HTTP ${response.status}`);
      return bytesOf(response, url, MAX_BROWSER_FONT_BYTES);
    },
  };
}
