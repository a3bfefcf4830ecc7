/**
 * The browser API of spec section 7: "A global render function is exposed on the window for an embedding
 * page or automation. A second function renders off-screen and returns a PNG."
 *
 * - `render(request)` draws on a visible <canvas>, appended to document.body unless the request says
 *   `addToDOM: false` (default true); it resolves to `{ dynamicLayerCount, canvas, width, height, warnings }`.
 * - `renderOffscreen(request)` renders off-screen: white background, every slot needs an input, waits
 *   100 ms after rendering, then exports the PNG: `{ dynamicLayerCount, imageDataUrl }`.
 *
 * Both log and rethrow any error (spec section 8); the thrown error's message is the spec's text.
 */
import { RENDERER } from '@adloom/template';
import { describeError } from '../resolve/errors.js';
import type { RenderRequest } from '../resolve/request.js';
import { FontCache, type FontSource } from '../resolve/text/font-loader.js';
import { fetchFontSource } from './fonts.js';
import { fetchImageLoader, type BrowserImageLoader } from './images.js';
import type { LayerPick } from '../resolve/pick-layers.js';
import { renderPixelParts, renderPixels, type BrowserPipeline } from './render.js';
import { demultiply, initRasteriser, measureSvg } from './resvg.js';

/** What `render` resolves to. */
export interface OnScreenRenderResult {
  /** Main image slots that received an input image. */
  dynamicLayerCount: number;
  /** The canvas the ad is drawn on, template-sized; in the page unless `addToDOM` was false. */
  canvas: HTMLCanvasElement;
  width: number;
  height: number;
  warnings: string[];
}

/** What `renderOffscreen` resolves to: spec section 3's off-screen render result. */
export interface OffscreenRenderResult {
  dynamicLayerCount: number;
  /** `data:image/png;base64,…` */
  imageDataUrl: string;
}

/** The two functions the renderer page puts on `window`. */
export interface BrowserRenderer {
  render(request: RenderRequest): Promise<OnScreenRenderResult>;
  renderOffscreen(request: RenderRequest): Promise<OffscreenRenderResult>;
  /**
   * Draws parts of one render as bitmaps, in order: the whole ad for `null`, or the layers a LayerPick keeps
   * (pickLayers). One resolve for all parts, so conditions, blur and copy layers see the whole template.
   * The whole ad and `withoutLayers` parts are on white, `onlyLayers` parts on transparency. Not off-screen
   * unless asked: a slot without an input keeps the template's own picture, as `render` does in a page.
   */
  renderParts(
    request: RenderRequest,
    parts: readonly (LayerPick | null)[],
    options?: { offscreen?: boolean },
  ): Promise<PartsRenderResult>;
  /** Loads the WebAssembly rasteriser (renders wait for it anyway). */
  ready(): Promise<void>;
}

/** What `renderParts` resolves to: one bitmap per part asked for. */
export interface PartsRenderResult {
  dynamicLayerCount: number;
  bitmaps: ImageBitmap[];
  warnings: string[];
}

/** Options of createBrowserRenderer. */
export interface BrowserRendererOptions {
  /** Where resvg's WebAssembly module is served. */
  wasmUrl: string | URL;
  /** The origin serving /assets/fonts/ (default: the page's). */
  assetsBase?: string | URL;
  fonts?: FontSource;
  loadImage?: BrowserImageLoader;
  fontCache?: FontCache;
  /** Default: globalThis.document. */
  document?: Document;
  /** Where errors and warnings are logged; default console. */
  log?: Pick<Console, 'error' | 'warn'>;
}

const WHITE = '#ffffff';

function wantsCanvasInPage(request: unknown): boolean {
  const record = typeof request === 'object' && request !== null ? (request as { addToDOM?: unknown }) : {};
  return record.addToDOM !== false;
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The PNG could not be read'));
    reader.readAsDataURL(blob);
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The renderer with its fonts, images and rasteriser wired for a page. */
export function createBrowserRenderer(options: BrowserRendererOptions): BrowserRenderer {
  const log = options.log ?? console;
  const ready = () => initRasteriser(options.wasmUrl);
  const pipeline: BrowserPipeline = {
    ready,
    fonts: options.fonts ?? fetchFontSource(options.assetsBase ? { assetsBase: options.assetsBase } : {}),
    loadImage: options.loadImage ?? fetchImageLoader({ measureSvg }),
    fontCache: options.fontCache ?? new FontCache(),
    onWarning: (message) => log.warn(`Adloom renderer: ${message}`),
  };

  /** Spec section 8: "The render function logs and rethrows any error". */
  const logged =
    <R>(run: (request: RenderRequest) => Promise<R>) =>
    async (request: RenderRequest): Promise<R> => {
      try {
        return await run(request);
      } catch (error) {
        log.error(describeError(error));
        throw error;
      }
    };

  const renderParts = async (
    request: RenderRequest,
    parts: readonly (LayerPick | null)[],
    partOptions: { offscreen?: boolean } = {},
  ): Promise<PartsRenderResult> => {
    const pixelParts = parts.map((pick) =>
      pick ? { pick, background: pick.onlyLayers ? undefined : WHITE } : { background: WHITE },
    );
    const rendering = await renderPixelParts(request, partOptions.offscreen ?? false, pixelParts, pipeline);
    const bitmaps = await Promise.all(
      rendering.rasters.map((raster) =>
        createImageBitmap(new ImageData(demultiply(raster.pixels), raster.width, raster.height)),
      ),
    );
    return { dynamicLayerCount: rendering.dynamicLayerCount, bitmaps, warnings: rendering.warnings };
  };

  return {
    ready,
    renderParts: (request, parts, partOptions) =>
      logged((checked) => renderParts(checked, parts, partOptions))(request),
    render: logged(async (request) => {
      const inPage = wantsCanvasInPage(request);
      // Off-screen mode (addToDOM false) sets a white background (spec section 4).
      const background = inPage ? {} : { background: WHITE };
      const rendering = await renderPixels(request, { offscreen: !inPage, ...background }, pipeline);
      const { raster } = rendering;
      const document = options.document ?? globalThis.document;
      const canvas = document.createElement('canvas');
      canvas.width = raster.width;
      canvas.height = raster.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('Failed to get 2D context');
      context.putImageData(new ImageData(demultiply(raster.pixels), raster.width, raster.height), 0, 0);
      if (inPage) document.body.append(canvas);
      return {
        dynamicLayerCount: rendering.dynamicLayerCount,
        canvas,
        width: raster.width,
        height: raster.height,
        warnings: rendering.warnings,
      };
    }),
    renderOffscreen: logged(async (request) => {
      const rendering = await renderPixels(request, { offscreen: true, background: WHITE }, pipeline);
      const { raster } = rendering;
      // Spec section 4: off-screen mode waits 100 ms after rendering before exporting the PNG.
      await sleep(RENDERER.postRenderWaitMs);
      const canvas = new OffscreenCanvas(raster.width, raster.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('Failed to get 2D context');
      context.putImageData(new ImageData(demultiply(raster.pixels), raster.width, raster.height), 0, 0);
      const png = await canvas.convertToBlob({ type: 'image/png' });
      return { dynamicLayerCount: rendering.dynamicLayerCount, imageDataUrl: await dataUrlOf(png) };
    }),
  };
}

/** The global names (spec section 7): `render` and `renderOffscreen`. */
export interface RendererGlobals {
  render: BrowserRenderer['render'];
  renderOffscreen: BrowserRenderer['renderOffscreen'];
}

/** Puts `render` and `renderOffscreen` on `target` (the window). */
export function exposeRenderer(target: object, renderer: BrowserRenderer): void {
  const globals: RendererGlobals = { render: renderer.render, renderOffscreen: renderer.renderOffscreen };
  Object.assign(target, globals);
}
