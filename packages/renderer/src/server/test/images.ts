/** Test images made with sharp (nothing is downloaded) and an in-memory image loader. */
import sharp from 'sharp';
import type { LoadedImage } from '../prepare-images.js';
import type { ImageLoader } from '../render.js';

/**
 * A photo-like test image: four coloured quadrants, a white disc in the middle and a dark frame, so
 * crops, alignment and scaling are visible in a render.
 */
export async function quadrantImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' = 'png',
): Promise<Buffer> {
  const r = Math.min(width, height) / 4;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="${width / 2}" height="${height / 2}" fill="#e53935"/>` +
    `<rect x="${width / 2}" width="${width / 2}" height="${height / 2}" fill="#43a047"/>` +
    `<rect y="${height / 2}" width="${width / 2}" height="${height / 2}" fill="#1e88e5"/>` +
    `<rect x="${width / 2}" y="${height / 2}" width="${width / 2}" height="${height / 2}" fill="#fdd835"/>` +
    `<circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="#ffffff"/>` +
    `<rect x="4" y="4" width="${width - 8}" height="${height - 8}" fill="none" stroke="#212121" stroke-width="8"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
}

/**
 * Every pixel a different, deterministic colour (and alpha, with `alpha`): a picture placed one pixel
 * off, or resampled, differs almost everywhere, which flat test pictures would hide.
 */
export async function noiseImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' = 'png',
  alpha = false,
): Promise<Buffer> {
  const channels = alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  let state = 0x2545f491;
  for (let index = 0; index < pixels.length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[index] = state & 0xff;
  }
  const image = sharp(pixels, { raw: { width, height, channels } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** A transparent logo: a dark rounded badge with a ring. */
export async function logoImage(width: number, height: number): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect x="2" y="2" width="${width - 4}" height="${height - 4}" rx="${height / 4}" fill="#263238"/>` +
    `<circle cx="${height / 2}" cy="${height / 2}" r="${height / 3}" fill="none" stroke="#ffca28" stroke-width="${height / 10}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A loader serving images from memory by source name; unknown names fail like a 404. */
export function memoryLoader(images: Record<string, Buffer>, calls: string[] = []): ImageLoader {
  return async (source) => {
    calls.push(source);
    const bytes = images[source];
    if (!bytes) throw new Error(`Image ${source} was not found (HTTP 404)`);
    const metadata = await sharp(bytes).metadata();
    const image: LoadedImage = {
      bytes,
      width: metadata.width,
      height: metadata.height,
      format: metadata.format,
    };
    return image;
  };
}

/** Pixels differing by more than `threshold` in any channel, as a fraction of all pixels. */
export async function pixelDifference(a: Buffer, b: Buffer, threshold = 8): Promise<number> {
  const [left, right] = await Promise.all(
    [a, b].map((bytes) => sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (left!.info.width !== right!.info.width || left!.info.height !== right!.info.height) return 1;
  let different = 0;
  const pixels = left!.info.width * left!.info.height;
  for (let index = 0; index < pixels * 4; index += 4) {
    for (let channel = 0; channel < 4; channel += 1) {
      if (Math.abs(left!.data[index + channel]! - right!.data[index + channel]!) > threshold) {
        different += 1;
        break;
      }
    }
  }
  return different / pixels;
}
