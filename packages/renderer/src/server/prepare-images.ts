/**
 * Prepares loaded images for embedding (ARCHITECTURE: decoded once, shrunk to the size they are drawn
 * at, blur computed at low resolution). Each source is decoded once; its non-blur uses share one image
 * at the largest size any of them is drawn at; a blurred background gets its own small, pre-blurred image.
 */
import sharp, { type Sharp } from 'sharp';
import type { ImageNeed } from '../resolve/context.js';
import { BLUR_DOWNSCALE, blurPlan, embeddedWidth, type EmbeddedImage } from '../resolve/embed.js';

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

/** The shared image for a source's non-blur needs: shrunk to the largest drawn size, never enlarged. */
async function prepareShared(
  image: LoadedImage,
  needs: readonly ImageNeed[],
  maxPixels: number,
  alpha: boolean,
): Promise<EmbeddedImage> {
  const target = embeddedWidth(needs, image);
  const scale = target / image.width;
  // A template's own picture that needs no shrinking is embedded as it is: nothing to decode here.
  if (scale >= 1 && image.format !== 'svg' && needs.every((need) => need.kind === 'picture'))
    return { href: needs[0]!.source, width: image.width, height: image.height };
  let pipeline = decoder(image, maxPixels, scale);
  if (scale < 1 || image.format === 'svg') {
    pipeline = pipeline.resize({
      width: target,
      height: Math.max(1, Math.round(image.height * scale)),
      fit: 'fill',
    });
  }
  return encode(pipeline, alpha);
}

/**
 * A blur need's picture (blurPlan): shrunk to a quarter of its drawn size and blurred there, then the
 * part under the layer box scaled up to the box's pixel size.
 */
async function blurredPicture(image: LoadedImage, need: ImageNeed, maxPixels: number): Promise<Sharp> {
  const plan = blurPlan(need, image);
  let pipeline = decoder(image, maxPixels, plan.small.width / image.width).resize({
    ...plan.small,
    fit: 'fill',
  });
  if (plan.smallSigma !== undefined) pipeline = pipeline.blur(plan.smallSigma);
  const small = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return (
    sharp(small.data, {
      raw: { width: small.info.width, height: small.info.height, channels: small.info.channels },
    })
      // Bilinear: the blurred picture is so smooth that better kernels change nothing, and cost twice as much.
      .resize({ ...plan.scaled, fit: 'fill', kernel: 'linear' })
      .extract({ ...plan.crop, ...plan.output })
  );
}

async function prepareBlur(
  image: LoadedImage,
  need: ImageNeed,
  maxPixels: number,
  alpha: boolean,
): Promise<EmbeddedImage> {
  return encode(await blurredPicture(image, need, maxPixels), alpha);
}

/** A blur need's picture as raw pixels, to lay under the rest (underlay.ts). */
export async function prepareBlurPixels(
  image: LoadedImage,
  need: ImageNeed,
  maxPixels: number,
  budget: DecodeBudget = new DecodeBudget(maxPixels),
): Promise<{ data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 }> {
  const { data, info } = await budget.run(image, async () =>
    (await blurredPicture(image, need, maxPixels)).raw().toBuffer({ resolveWithObject: true }),
  );
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * Embeddable images for every need of a resolved template, by placeholder ref. `images` holds the
 * loaded image of each source. `maxPixels` bounds decoding (a decompression bomb stops here too) and,
 * through `budget`, how many pixels are being decoded at once.
 */
export async function prepareImages(
  needs: readonly ImageNeed[],
  images: ReadonlyMap<string, LoadedImage>,
  maxPixels: number,
  budget: DecodeBudget = new DecodeBudget(maxPixels),
): Promise<Map<string, EmbeddedImage>> {
  const bySource = new Map<string, ImageNeed[]>();
  for (const need of needs) bySource.set(need.source, [...(bySource.get(need.source) ?? []), need]);
  const prepared = new Map<string, EmbeddedImage>();
  await Promise.all(
    [...bySource].map(async ([source, sourceNeeds]) => {
      const image = images.get(source);
      if (!image) throw new Error(`prepareImages: ${source} was not loaded`);
      const alpha = await hasAlphaChannel(image, maxPixels);
      const plain = sourceNeeds.filter((need) => need.blurFraction === undefined);
      const work: Promise<void>[] = [];
      if (plain.length > 0) {
        work.push(
          budget
            .run(image, () => prepareShared(image, plain, maxPixels, alpha))
            .then((shared) => {
              for (const need of plain) prepared.set(need.ref, shared);
            }),
        );
      }
      for (const need of sourceNeeds.filter((candidate) => candidate.blurFraction !== undefined)) {
        work.push(
          budget
            .run(image, () => prepareBlur(image, need, maxPixels, alpha))
            .then((blurred) => void prepared.set(need.ref, blurred)),
        );
      }
      await Promise.all(work);
    }),
  );
  return prepared;
}
