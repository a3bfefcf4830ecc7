/**
 * The browser pipeline, the same steps as the server's render(): resolve the template (fonts through a
 * fetch FontSource), load each image source once, prepare the images with canvas, embed them, rasterise
 * with resvg-wasm. The rasteriser loads while the template resolves (`ready`). renderPixelParts draws parts
 * of one resolve (the ad without some layers, only those layers).
 */
import { embedImages } from '../resolve/embed.js';
import { loadImageSources } from '../resolve/load-images.js';
import { pickLayers, type LayerPick } from '../resolve/pick-layers.js';
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
  const { rasters, ...rest } = await renderPixelParts(
    request,
    mode.offscreen,
    [{ background: mode.background }],
    pipeline,
  );
  return { ...rest, raster: rasters[0]! };
}

/** One part of a render: which layers it draws (all without a pick) and its background (none: transparent). */
export interface PixelPart {
  pick?: LayerPick;
  background?: string | undefined;
}

/**
 * Renders parts of one request: the template is resolved once and its images loaded and prepared once, then
 * each part is embedded and rasterised (pickLayers), in the order asked.
 */
export async function renderPixelParts(
  request: unknown,
  offscreen: boolean,
  parts: readonly PixelPart[],
  pipeline: BrowserPipeline,
): Promise<{ rasters: BrowserRaster[]; dynamicLayerCount: number; warnings: string[] }> {
  const [resolved] = await Promise.all([
    resolveTemplate(request, {
      offscreen,
      fonts: pipeline.fonts,
      ...(pipeline.fontCache ? { fontCache: pipeline.fontCache } : {}),
      ...(pipeline.onWarning ? { onWarning: pipeline.onWarning } : {}),
    }),
    pipeline.ready(),
  ]);
  const loaded = await loadImageSources(resolved.images, pipeline.loadImage);
  try {
    const prepared = await prepareBrowserImages(resolved.images, loaded);
    const rasters = parts.map((part) =>
      rasteriseSvg(embedImages(part.pick ? pickLayers(resolved, part.pick) : resolved, prepared), {
        ...(part.background === undefined ? {} : { background: part.background }),
      }),
    );
    return { rasters, dynamicLayerCount: resolved.dynamicLayerCount, warnings: resolved.warnings };
  } finally {
    for (const image of loaded.values()) image.bitmap?.close();
  }
}
