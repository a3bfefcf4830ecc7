/**
 * The server's side of the composition (compose/draw.ts): bands and masks drawn by resvg-js, pictures
 * decoded by sharp, the finished canvas handed to sharp to encode.
 */
import type { Sharp } from 'sharp';
import sharp from 'sharp';
import { canvasSize, composeLayers } from '../compose/draw.js';
import type { CompositionPlan } from '../compose/plan.js';
import { embedImages, type EmbeddedImage } from '../resolve/embed.js';
import type { ResolvedTemplate } from '../resolve/resolve.js';
import type { PicturePixels } from './prepare-images.js';
import { rasterise } from './rasterise.js';

export { canvasSize };

/**
 * Draws the plan's layers over `background` (#rrggbb, or undefined for transparency) and returns the
 * result as a sharp pipeline to encode. `pictures` holds the prepared pictures by ref. `onRaster` is
 * called once resvg has drawn every band and mask.
 */
export async function composePlan(
  plan: CompositionPlan,
  resolved: ResolvedTemplate,
  pictures: { pixels: ReadonlyMap<string, PicturePixels>; embedded: ReadonlyMap<string, EmbeddedImage> },
  background: string | undefined,
  onRaster?: () => void,
): Promise<Sharp> {
  const size = canvasSize(resolved);
  const canvas = await composeLayers(
    plan,
    size,
    background,
    {
      bandSvg: (band) => embedImages({ ...resolved, root: band.root }, pictures.embedded),
      picture: (layer) => pictures.pixels.get(layer.need.ref)!,
      rasterise,
    },
    onRaster,
  );
  return sharp(canvas.data, {
    raw: { ...size, channels: canvas.channels, premultiplied: background === undefined },
  });
}
