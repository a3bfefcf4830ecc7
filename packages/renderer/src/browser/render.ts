/**
 * The browser pipeline, the same steps as the server's render(): resolve the template (fonts through a
 * fetch FontSource), load each image source once, plan the composition (compose/plan.ts), prepare the
 * pictures the server's way, draw the bands with resvg-wasm and lay everything down with the server's
 * compositor (compose/draw.ts). The rasteriser loads while the template resolves (`ready`).
 * renderPixelParts draws parts of one resolve (the ad without some layers, only those layers).
 */
import { canvasSize, composeLayers, type Canvas } from '../compose/draw.js';
import { planComposition, type CompositionPlan } from '../compose/plan.js';
import { embedImages, preparedPictureSizes } from '../resolve/embed.js';
import { loadImageSources } from '../resolve/load-images.js';
import { pickLayers, type LayerPick } from '../resolve/pick-layers.js';
import { resolveTemplate, type ResolvedTemplate } from '../resolve/resolve.js';
import type { FontCache, FontSource } from '../resolve/text/font-loader.js';
import type { BrowserImageLoader } from './images.js';
import { prepareBrowserPictures } from './prepare-images.js';
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
    const sizes = preparedPictureSizes(resolved.images, (source) => {
      const image = loaded.get(source)!;
      return { width: image.width, height: image.height, svg: image.svg !== undefined };
    });
    const drawn = parts.map((part) => (part.pick ? pickLayers(resolved, part.pick) : resolved));
    const plans = drawn.map((template) => planComposition(template, (need) => sizes.get(need.ref)!));
    const pixels = new Set<string>();
    const embedded = new Set<string>();
    for (const plan of plans)
      for (const layer of plan.layers) {
        if (layer.kind === 'picture') pixels.add(layer.need.ref);
        else if (layer.kind === 'band') for (const ref of layer.refs) embedded.add(ref);
      }
    const pictures = await prepareBrowserPictures(resolved.images, loaded, { pixels, embedded });
    const rasters: BrowserRaster[] = [];
    for (const [index, part] of parts.entries()) {
      const template = drawn[index]!;
      rasters.push(rasterOf(await composePart(plans[index]!, template, pictures, part.background)));
    }
    return { rasters, dynamicLayerCount: resolved.dynamicLayerCount, warnings: resolved.warnings };
  } finally {
    for (const image of loaded.values()) image.bitmap?.close();
  }
}

function composePart(
  plan: CompositionPlan,
  template: ResolvedTemplate,
  pictures: Awaited<ReturnType<typeof prepareBrowserPictures>>,
  background: string | undefined,
): Promise<Canvas> {
  return composeLayers(plan, canvasSize(template), background, {
    bandSvg: (band) => embedImages({ ...template, root: band.root }, pictures.embedded),
    picture: (layer) => pictures.pixels.get(layer.need.ref)!,
    rasterise: async (svg, bandBackground) =>
      rasteriseSvg(svg, bandBackground === undefined ? {} : { background: bandBackground }),
  });
}

/** The composed canvas as resvg's kind of raster: premultiplied RGBA. */
function rasterOf(canvas: Canvas): BrowserRaster {
  if (canvas.channels === 4) return { pixels: canvas.data, width: canvas.width, height: canvas.height };
  const pixels = new Uint8Array(canvas.width * canvas.height * 4);
  for (let from = 0, to = 0; to < pixels.length; from += 3, to += 4) {
    pixels[to] = canvas.data[from]!;
    pixels[to + 1] = canvas.data[from + 1]!;
    pixels[to + 2] = canvas.data[from + 2]!;
    pixels[to + 3] = 255;
  }
  return { pixels, width: canvas.width, height: canvas.height };
}
