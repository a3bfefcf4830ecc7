/**
 * The browser pipeline, the same steps as the server's render(): resolve the template (fonts through a
 * fetch FontSource), load each image source once, prepare the images with canvas, embed them, rasterise
 * with resvg-wasm. The rasteriser loads while the template resolves (`ready`).
 */
import { embedImages } from '../resolve/embed.js';
import { loadImageSources } from '../resolve/load-images.js';
import { resolveTemplate } from '../resolve/resolve.js';
import type { FontCache, FontSource } from '../resolve/text/font-loader.js';
import type { BrowserImageLoader } from './images.js';
import { prepareBrowserImages } from './prepare-images.js';
import { rasteriseSvg, type BrowserRaster } from './resvg.js';

/** Where the browser pipeline gets fonts and images. */
export interface BrowserPipeline {
  /** Loads resvg's WebAssembly module (SVG images and the final draw need it). */
  ready: () => Promise<void>;
  fonts: FontSource;
  loadImage: BrowserImageLoader;
  fontCache?: FontCache;
  onWarning?: (message: string) => void;
}

/** A drawn ad: premultiplied pixels and what the spec's result reports. */
export interface BrowserRendering {
  raster: BrowserRaster;
  dynamicLayerCount: number;
  warnings: string[];
}

/** Renders a request to pixels. `offscreen`: every main slot needs an input (spec section 5). */
export async function renderPixels(
  request: unknown,
  mode: { offscreen: boolean; background?: string },
  pipeline: BrowserPipeline,
): Promise<BrowserRendering> {
  const [resolved] = await Promise.all([
    resolveTemplate(request, {
      offscreen: mode.offscreen,
      fonts: pipeline.fonts,
      ...(pipeline.fontCache ? { fontCache: pipeline.fontCache } : {}),
      ...(pipeline.onWarning ? { onWarning: pipeline.onWarning } : {}),
    }),
    pipeline.ready(),
  ]);
  const loaded = await loadImageSources(resolved.images, pipeline.loadImage);
  try {
    const prepared = await prepareBrowserImages(resolved.images, loaded);
    const raster = rasteriseSvg(embedImages(resolved, prepared), {
      ...(mode.background === undefined ? {} : { background: mode.background }),
    });
    return { raster, dynamicLayerCount: resolved.dynamicLayerCount, warnings: resolved.warnings };
  } finally {
    for (const image of loaded.values()) image.bitmap?.close();
  }
}
