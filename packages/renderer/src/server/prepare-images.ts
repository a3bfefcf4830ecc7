/**
 * Prepares loaded images for embedding (ARCHITECTURE: decoded once, shrunk to the size they are drawn
 * at, blur computed at low resolution). Each source is decoded once; its non-blur uses share one image
 * at the largest size any of them is drawn at; a blurred background gets its own small, pre-blurred image.
 */
import sharp, { type Sharp } from 'sharp';
import type { PicturePixels as SharedPicturePixels } from '../compose/draw.js';
import type { ImageNeed } from '../resolve/context.js';
import { BLUR_DOWNSCALE, blurPlan, sharedPictureSize, type EmbeddedImage } from '../resolve/embed.js';
import type { Tint } from './tint.js';

/** An image as a loader returns it. */
export interface LoadedImage {
  bytes: Uint8Array;
  /** Width and height as displayed (after EXIF orientation). */
  width: number;
  height: number;
  /** jpeg, png, webp, gif, avif, svg or tiff, when known. */
  format?: string;
}

export { BLUR_DOWNSCALE };

// libvips's operation cache would keep each decoded picture alive after its render (a GIF frame is
// allocated outside the memory the cache counts): every render's images are new, so nothing is cached.
sharp.cache(false);

/**
 * The Gaussian that turns a 4 × nearest-neighbour scale-up into (within two levels) a bilinear one: about
 * the deviation of a 4-pixel box. Not 1.6 to 1.8: libvips's integer masks at those deviations brighten or
 * darken the whole picture by two levels.
 */
const NEAREST_SMOOTHING_SIGMA = 1.4;

/** SVG inputs are rasterised at most at this density (dots per inch; 72 is 1:1). */
const MAX_SVG_DENSITY = 72 * 8;

/**
 * Lets one render's decodes run together while their images hold at most `pixels` in all (the pixel
 * limit): an image at the limit is decoded alone, so peak memory is that of one such image (a GIF, which
 * libvips holds whole, costs about 5 bytes a pixel), however many the template uses. Small images still
 * run side by side.
 */
export class DecodeBudget {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly pixels: number) {}

  async run<T>(image: { width: number; height: number }, decode: () => Promise<T>): Promise<T> {
    const share = Math.min(this.pixels, image.width * image.height);
    while (this.used > 0 && this.used + share > this.pixels)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.used += share;
    try {
      return await decode();
    } finally {
      this.used -= share;
      for (const wake of this.waiting.splice(0)) wake();
    }
  }
}

function dataUrl(bytes: Buffer, format: 'png' | 'jpeg'): string {
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

/** Opaque images travel as JPEG (quality 95, no chroma subsampling), the rest as fast PNG. */
async function encode(
  pipeline: Sharp,
  hasAlpha: boolean,
): Promise<{ href: string; width: number; height: number }> {
  const { data, info } = hasAlpha
    ? await pipeline.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true })
    : await pipeline.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer({ resolveWithObject: true });
  return { href: dataUrl(data, hasAlpha ? 'png' : 'jpeg'), width: info.width, height: info.height };
}

function decoder(image: LoadedImage, maxPixels: number, scale: number): Sharp {
  // SVG has no pixel size of its own: rasterise it at the size it is drawn at.
  const density = image.format === 'svg' ? Math.min(MAX_SVG_DENSITY, 72 * Math.max(1, scale)) : undefined;
  return sharp(image.bytes, {
    limitInputPixels: maxPixels,
    autoOrient: true,
    ...(density === undefined ? {} : { density }),
  });
}

async function hasAlphaChannel(image: LoadedImage, maxPixels: number): Promise<boolean> {
  if (image.format === 'jpeg') return false;
  const metadata = await sharp(image.bytes, { limitInputPixels: maxPixels }).metadata();
  return metadata.hasAlpha;
}

/** A decoded picture, as the compositor takes it. */
export type PicturePixels = SharedPicturePixels & { data: Buffer };

/** Straight pixels out of a pipeline, always sRGB with 3 or 4 channels (grey and 16-bit images too). */
async function pixelsOf(pipeline: Sharp): Promise<PicturePixels> {
  const { data, info } = await pipeline.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
}

function pipelineOf(pixels: PicturePixels): Sharp {
  return sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: pixels.channels },
  });
}

/** The shared picture of a source's non-blur needs as a pipeline: shrunk to sharedPictureSize, never enlarged. */
function sharedPipeline(image: LoadedImage, needs: readonly ImageNeed[], maxPixels: number): Sharp {
  const size = sharedPictureSize(needs, image, image.format === 'svg');
  const pipeline = decoder(image, maxPixels, size.width / image.width);
  const asIs = size.width === image.width && size.height === image.height && image.format !== 'svg';
  return asIs ? pipeline : pipeline.resize({ ...size, fit: 'fill' });
}

/** A template's own picture that needs no shrinking is embedded as it is: nothing to decode. */
function unshrunkPicture(image: LoadedImage, needs: readonly ImageNeed[]): EmbeddedImage | undefined {
  const size = sharedPictureSize(needs, image, image.format === 'svg');
  const asIs = size.width === image.width && size.height === image.height && image.format !== 'svg';
  return asIs && needs.every((need) => need.kind === 'picture')
    ? { href: needs[0]!.source, width: image.width, height: image.height }
    : undefined;
}

/**
 * A blur need's picture (blurPlan): shrunk to a quarter of its drawn size and blurred there, then the
 * part under the layer box scaled up to the box's pixel size. `decoded` is the source already decoded
 * for its other needs, used when it holds enough pixels, so the source is decoded once.
 */
async function blurredPicture(
  image: LoadedImage,
  need: ImageNeed,
  maxPixels: number,
  decoded: PicturePixels | undefined,
): Promise<{ pipeline: Sharp; opaque: boolean }> {
  const plan = blurPlan(need, image);
  const reuse = decoded && decoded.width >= plan.small.width && decoded.height >= plan.small.height;
  let pipeline = (
    reuse ? pipelineOf(decoded) : decoder(image, maxPixels, plan.small.width / image.width)
  ).resize({ ...plan.small, fit: 'fill' });
  if (plan.smallSigma !== undefined) pipeline = pipeline.blur(plan.smallSigma);
  const small = await pipeline.raw().toBuffer({ resolveWithObject: true });
  const enlarged = sharp(small.data, {
    raw: { width: small.info.width, height: small.info.height, channels: small.info.channels },
  });
  const factors = [plan.scaled.width / small.info.width, plan.scaled.height / small.info.height];
  // The usual scale-up (BLUR_DOWNSCALE, an opaque picture blurred by a pixel or more): nearest neighbour
  // smoothed by a small Gaussian, a third of the time of libvips's bilinear (an affine transform in
  // floating point: 13 ms for a 1080 × 1080 background) and within two levels of it on a picture this
  // smooth. Otherwise bilinear: the blurred picture is so smooth that better kernels change nothing.
  const opaque = small.info.channels === 3;
  if (
    opaque &&
    (plan.smallSigma ?? 0) >= 1 &&
    factors.every((factor) => Math.abs(factor - BLUR_DOWNSCALE) <= 0.5)
  )
    return {
      pipeline: enlarged
        .resize({ ...plan.scaled, fit: 'fill', kernel: 'nearest' })
        .extract({ ...plan.crop, ...plan.output })
        .blur(NEAREST_SMOOTHING_SIGMA),
      opaque,
    };
  return {
    pipeline: enlarged
      .resize({ ...plan.scaled, fit: 'fill', kernel: 'linear' })
      .extract({ ...plan.crop, ...plan.output }),
    opaque,
  };
}

/** What the renderer wants of each need, by ref: its pixels (a composed picture) or an embeddable image (a band's). */
export interface PictureWants {
  pixels: ReadonlySet<string>;
  embedded: ReadonlySet<string>;
  /** Flat colours to lay over a blurred background's pixels as it is made, when it is opaque (tint.ts). */
  tints?: ReadonlyMap<string, Tint>;
}

/** Prepared pictures by ref. */
export interface PreparedPictures {
  pixels: Map<string, PicturePixels>;
  embedded: Map<string, EmbeddedImage>;
  /** The refs whose pixels have their tint laid over them. */
  tinted: Set<string>;
}

/**
 * The pictures a render wants, each source decoded once (ARCHITECTURE: shrunk to the size it is drawn
 * at while decoding, blur computed at low resolution). `images` holds the loaded image of each source.
 * `maxPixels` bounds decoding (a decompression bomb stops here too) and, through `budget`, how many
 * pixels are being decoded at once. A source's non-blur needs share one picture (sharedPictureSize);
 * its blurred backgrounds are made from that picture when it is large enough.
 */
export async function preparePictures(
  needs: readonly ImageNeed[],
  images: ReadonlyMap<string, LoadedImage>,
  maxPixels: number,
  wants: PictureWants,
  budget: DecodeBudget = new DecodeBudget(maxPixels),
): Promise<PreparedPictures> {
  const bySource = new Map<string, ImageNeed[]>();
  for (const need of needs) bySource.set(need.source, [...(bySource.get(need.source) ?? []), need]);
  const prepared: PreparedPictures = { pixels: new Map(), embedded: new Map(), tinted: new Set() };
  const wanted = (need: ImageNeed) => wants.pixels.has(need.ref) || wants.embedded.has(need.ref);
  await Promise.all(
    [...bySource].map(async ([source, sourceNeeds]) => {
      const image = images.get(source);
      if (!image) throw new Error(`prepareImages: ${source} was not loaded`);
      if (!sourceNeeds.some(wanted)) return;
      const plain = sourceNeeds.filter((need) => need.blurFraction === undefined);
      const blurs = sourceNeeds.filter((need) => need.blurFraction !== undefined && wanted(need));
      await budget.run(image, async () => {
        const alpha = () => hasAlphaChannel(image, maxPixels);
        const asIs = unshrunkPicture(image, plain);
        const plainPixels = plain.some((need) => wants.pixels.has(need.ref));
        const plainEmbedded = plain.filter((need) => wants.embedded.has(need.ref));
        // Decoded once when anything but an embedding straight from the file wants it.
        let decoded: PicturePixels | undefined;
        if (plain.length > 0 && (plainPixels || blurs.length > 0 || (plainEmbedded.length > 0 && !asIs)))
          decoded = await pixelsOf(sharedPipeline(image, plain, maxPixels));
        if (decoded)
          for (const need of plain) if (wants.pixels.has(need.ref)) prepared.pixels.set(need.ref, decoded);
        if (plainEmbedded.length > 0) {
          const embedded = asIs ?? (await encode(pipelineOf(decoded!), await alpha()));
          for (const need of plainEmbedded) prepared.embedded.set(need.ref, embedded);
        }
        for (const need of blurs) {
          const { pipeline: picture, opaque } = await blurredPicture(image, need, maxPixels, decoded);
          const tint = opaque ? wants.tints?.get(need.ref) : undefined;
          if (wants.pixels.has(need.ref)) {
            // libvips truncates the map's result to 8 bits: half a level more rounds it instead.
            const pixels = picture.clone();
            if (tint)
              pixels.linear(
                tint.multiply,
                tint.add.map((value) => value + 0.5),
              );
            prepared.pixels.set(need.ref, await pixelsOf(pixels));
            if (tint) prepared.tinted.add(need.ref);
          }
          if (wants.embedded.has(need.ref))
            prepared.embedded.set(need.ref, await encode(picture, await alpha()));
        }
      });
    }),
  );
  return prepared;
}

/**
 * Embeddable images for every need of a resolved template, by placeholder ref: the whole ad as one SVG
 * (renderSvg). The arguments are preparePictures'.
 */
export async function prepareImages(
  needs: readonly ImageNeed[],
  images: ReadonlyMap<string, LoadedImage>,
  maxPixels: number,
  budget: DecodeBudget = new DecodeBudget(maxPixels),
): Promise<Map<string, EmbeddedImage>> {
  const all = new Set(needs.map((need) => need.ref));
  const { embedded } = await preparePictures(
    needs,
    images,
    maxPixels,
    { pixels: new Set(), embedded: all },
    budget,
  );
  return embedded;
}
