/**
 * `@adloom/renderer/browser`: the renderer in a page (resvg-wasm, fetch, canvas). The renderer page's
 * bundle (main.ts) uses it; a page of the product that wants a live preview can too.
 */
export {
  createBrowserRenderer,
  exposeRenderer,
  type BrowserRenderer,
  type BrowserRendererOptions,
  type OffscreenRenderResult,
  type OnScreenRenderResult,
  type PartsRenderResult,
  type RendererGlobals,
} from './api.js';
export { gaussianBlur } from './blur.js';
export type { LayerPick } from '../resolve/pick-layers.js';
export { fetchFontSource, type FetchFontSourceOptions } from './fonts.js';
export {
  BROWSER_IMAGE_DEFAULTS,
  fetchImageLoader,
  type BrowserImage,
  type BrowserImageLoader,
  type FetchImageLoaderOptions,
} from './images.js';
