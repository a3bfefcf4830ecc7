/**
 * The server's half of the composition plan (compose/plan.ts): bands drawn by resvg on transparency,
 * cut to what they paint; pictures cut from their decoded pixels, masked and faded; then sharp lays
 * them over the background in paint order while it encodes the one output.
 */
import type { OverlayOptions, Sharp } from 'sharp';
import sharp from 'sharp';
import type { BandLayer, CompositionPlan, PictureLayer } from '../compose/plan.js';
import { embedImages, type EmbeddedImage } from '../resolve/embed.js';
import type { ResolvedTemplate } from '../resolve/resolve.js';
import { serializeXml } from '../resolve/serialize.js';
import type { PicturePixels } from './prepare-images.js';
import { rasterise, type Raster } from './rasterise.js';

/** Pixels laid at a place of the output. */
interface Overlay {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
  premultiplied: boolean;
  left: number;
  top: number;
}

/** The smallest rectangle holding every pixel of a premultiplied raster that is not fully transparent. */
function paintedBounds(
  raster: Raster,
): { left: number; top: number; right: number; bottom: number } | undefined {
  const { pixels, width, height } = raster;
  const rowPainted = (y: number, from = 0, to = width): boolean => {
    for (let index = (y * width + from) * 4 + 3, end = (y * width + to) * 4; index < end; index += 4)
      if (pixels[index] !== 0) return true;
    return false;
  };
  let top = 0;
  while (top < height && !rowPainted(top)) top += 1;
  if (top === height) return undefined;
  let bottom = height;
  while (!rowPainted(bottom - 1)) bottom -= 1;
  let left = width;
  let right = 0;
  for (let y = top; y < bottom; y += 1) {
    const row = y * width * 4 + 3;
    for (let x = 0; x < left; x += 1)
      if (pixels[row + x * 4] !== 0) {
        left = x;
        break;
      }
    for (let x = width - 1; x >= right; x -= 1)
      if (pixels[row + x * 4] !== 0) {
        right = x + 1;
        break;
      }
  }
  return { left, top, right, bottom };
}

/** Copies a rectangle out of packed pixels (`channels` bytes each, rows `width` pixels long). */
function cut(
  data: Buffer,
  width: number,
  channels: number,
  rect: { left: number; top: number; width: number; height: number },
): Buffer {
  if (rect.left === 0 && rect.width === width) {
    return data.subarray(rect.top * width * channels, (rect.top + rect.height) * width * channels);
  }
  const out = Buffer.allocUnsafe(rect.width * rect.height * channels);
  const rowBytes = rect.width * channels;
  for (let y = 0; y < rect.height; y += 1) {
    const from = ((rect.top + y) * width + rect.left) * channels;
    data.copy(out, y * rowBytes, from, from + rowBytes);
  }
  return out;
}

async function bandOverlay(
  band: BandLayer,
  resolved: ResolvedTemplate,
  embedded: ReadonlyMap<string, EmbeddedImage>,
): Promise<Overlay | undefined> {
  const raster = await rasterise(embedImages({ ...resolved, root: band.root }, embedded), undefined);
  const bounds = paintedBounds(raster);
  if (!bounds) return undefined;
  const rect = {
    left: bounds.left,
    top: bounds.top,
    width: bounds.right - bounds.left,
    height: bounds.bottom - bounds.top,
  };
  return {
    data: cut(raster.pixels, raster.width, 4, rect),
    width: rect.width,
    height: rect.height,
    channels: 4,
    premultiplied: true,
    left: rect.left,
    top: rect.top,
  };
}

/**
 * The picture's pixels under `area` (their top-left pixel at `left`, `top` of the output); a pixel of
 * the area beyond the picture repeats the nearest edge pixel, as resvg samples a picture's edge.
 */
function sampleArea(
  picture: PicturePixels,
  left: number,
  top: number,
  area: { left: number; top: number; width: number; height: number },
): Buffer {
  const { channels } = picture;
  const startX = area.left - left;
  const startY = area.top - top;
  const inside =
    startX >= 0 &&
    startY >= 0 &&
    startX + area.width <= picture.width &&
    startY + area.height <= picture.height;
  if (inside) return cut(picture.data, picture.width, channels, { ...area, left: startX, top: startY });
  const out = Buffer.allocUnsafe(area.width * area.height * channels);
  const clamp = (value: number, size: number) => Math.min(size - 1, Math.max(0, value));
  const firstX = clamp(startX, picture.width);
  const lastX = clamp(startX + area.width - 1, picture.width);
  const before = Math.max(0, -startX);
  for (let y = 0; y < area.height; y += 1) {
    const row = clamp(startY + y, picture.height) * picture.width;
    const to = y * area.width * channels;
    // The picture's own columns in one copy, then its edge columns repeated on either side.
    picture.data.copy(out, to + before * channels, (row + firstX) * channels, (row + lastX + 1) * channels);
    for (let x = 0; x < before; x += 1)
      picture.data.copy(out, to + x * channels, (row + firstX) * channels, (row + firstX + 1) * channels);
    for (let x = before + lastX - firstX + 1; x < area.width; x += 1)
      picture.data.copy(out, to + x * channels, (row + lastX) * channels, (row + lastX + 1) * channels);
  }
  return out;
}

/** The picture's part of the output, with its mask's coverage and its opacity in the alpha channel. */
async function pictureOverlay(layer: PictureLayer, picture: PicturePixels): Promise<Overlay> {
  const { area } = layer;
  let data = sampleArea(picture, layer.left, layer.top, area);
  let channels = picture.channels;
  if (layer.opacity < 1 || layer.mask !== undefined) {
    const coverage = layer.mask ? (await rasterise(serializeXml(layer.mask), undefined)).pixels : undefined;
    const pixels = area.width * area.height;
    const out = Buffer.allocUnsafe(pixels * 4);
    for (let index = 0; index < pixels; index += 1) {
      const from = index * channels;
      const to = index * 4;
      out[to] = data[from]!;
      out[to + 1] = data[from + 1]!;
      out[to + 2] = data[from + 2]!;
      const alpha = channels === 4 ? data[from + 3]! : 255;
      const covered = coverage ? coverage[index * 4 + 3]! : 255;
      out[to + 3] = Math.round((alpha * covered * layer.opacity) / 255);
    }
    data = out;
    channels = 4;
  }
  return {
    data,
    width: area.width,
    height: area.height,
    channels,
    premultiplied: false,
    left: area.left,
    top: area.top,
  };
}

/** The output's size in pixels: resvg rounds a fractional template size up. */
export function canvasSize(resolved: Pick<ResolvedTemplate, 'width' | 'height'>): {
  width: number;
  height: number;
} {
  return { width: Math.max(1, Math.ceil(resolved.width)), height: Math.max(1, Math.ceil(resolved.height)) };
}

/**
 * Draws the plan's layers over `background` (a CSS colour, or undefined for transparency) and hands the
 * pipeline to `encode`. `pixels` and `embedded` hold the prepared pictures by ref.
 */
export async function composePlan(
  plan: CompositionPlan,
  resolved: ResolvedTemplate,
  pictures: { pixels: ReadonlyMap<string, PicturePixels>; embedded: ReadonlyMap<string, EmbeddedImage> },
  background: string | undefined,
  onRaster?: () => void,
): Promise<Sharp> {
  const { width, height } = canvasSize(resolved);
  const [bottom] = plan.layers;
  // A band at the bottom is drawn on the background by resvg itself, exactly as a plain SVG is.
  const bandBase = background !== undefined && bottom?.kind === 'band';
  const [base, ...overlays] = await Promise.all([
    bandBase
      ? rasterise(embedImages({ ...resolved, root: bottom.root }, pictures.embedded), background)
      : undefined,
    ...plan.layers
      .slice(bandBase ? 1 : 0)
      .map((layer) =>
        layer.kind === 'band'
          ? bandOverlay(layer, resolved, pictures.embedded)
          : pictureOverlay(layer, pictures.pixels.get(layer.need.ref)!),
      ),
  ]);
  onRaster?.();
  const drawn = overlays.filter((overlay): overlay is Overlay => overlay !== undefined);
  const first = drawn[0];
  // The usual ad: an opaque picture (the blurred background) fills the canvas and is the base itself.
  const pictureBase =
    !base &&
    background !== undefined &&
    first?.channels === 3 &&
    first.left === 0 &&
    first.top === 0 &&
    first.width === width &&
    first.height === height;
  let image: Sharp;
  if (base) image = sharp(base.pixels, { raw: { width, height, channels: 4, premultiplied: true } });
  else if (pictureBase) image = sharp(first.data, { raw: { width, height, channels: 3 } });
  else
    image = sharp({
      create: { width, height, channels: 4, background: background ?? { r: 0, g: 0, b: 0, alpha: 0 } },
    });
  const rest = pictureBase ? drawn.slice(1) : drawn;
  if (rest.length === 0) return image;
  return image.composite(
    rest.map((overlay): OverlayOptions => ({
      input: overlay.data,
      raw: {
        width: overlay.width,
        height: overlay.height,
        channels: overlay.channels,
        premultiplied: overlay.premultiplied,
      },
      left: overlay.left,
      top: overlay.top,
    })),
  );
}
