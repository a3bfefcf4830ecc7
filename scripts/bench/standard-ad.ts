/**
 * The standard ad of `npm run bench:render`: a 1080 × 1080 template (standard-ad.svg) and its request
 * (standard-ad.json), fed by two photo-like JPEGs of about 1500 px and a PNG logo made here with sharp,
 * the same bytes on every run. Images are served from memory, so no network time is measured.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { ImageLoader, LoadedImage } from './renderer.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Photo sizes: one square, one 4:3, as product feeds send them. */
const PHOTOS = [
  { name: 'bench:photo-1.jpg', width: 1500, height: 1500, seed: 1 },
  { name: 'bench:photo-2.jpg', width: 1500, height: 1125, seed: 2 },
] as const;

/** A small deterministic PRNG (mulberry32), so every run encodes the same photos. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A photo-like JPEG (quality 85): a lit gradient, soft coloured shapes, fine texture and sensor-like
 * noise, so it compresses like a product photo rather than like flat test colours.
 */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const next = random(seed);
  const blobCount = 7;
  const blobX = new Float64Array(blobCount);
  const blobY = new Float64Array(blobCount);
  const blobSpread = new Float64Array(blobCount);
  const blobColour = new Float64Array(blobCount * 3);
  for (let index = 0; index < blobCount; index += 1) {
    blobX[index] = next() * width;
    blobY[index] = next() * height;
    const radius = (0.12 + next() * 0.25) * Math.min(width, height);
    blobSpread[index] = 1 / (radius * radius);
    for (let channel = 0; channel < 3; channel += 1) blobColour[index * 3 + channel] = next() * 255;
  }
  const top = [200 + next() * 55, 170 + next() * 60, 120 + next() * 100];
  const bottom = [30 + next() * 60, 40 + next() * 60, 50 + next() * 60];
  // Clamped, so shapes plus noise saturate at 0 and 255 instead of wrapping.
  const pixels = new Uint8ClampedArray(width * height * 3);
  const value = new Float64Array(3);
  for (let y = 0; y < height; y += 1) {
    const v = y / height;
    const wave = Math.sin(y * 0.021) * 6;
    const shade = 10 * Math.cos(y * 0.05);
    for (let x = 0; x < width; x += 1) {
      for (let channel = 0; channel < 3; channel += 1)
        value[channel] = top[channel]! * (1 - v) + bottom[channel]! * v;
      for (let index = 0; index < blobCount; index += 1) {
        const dx = x - blobX[index]!;
        const dy = y - blobY[index]!;
        const weight = Math.exp(-(dx * dx + dy * dy) * blobSpread[index]!);
        for (let channel = 0; channel < 3; channel += 1)
          value[channel] = value[channel]! * (1 - weight) + blobColour[index * 3 + channel]! * weight;
      }
      const texture = shade * Math.sin(x * 0.09 + wave);
      const offset = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1)
        pixels[offset + channel] = value[channel]! + texture + (next() - 0.5) * 28;
    }
  }
  return sharp(Buffer.from(pixels.buffer), { raw: { width, height, channels: 3 } })
    .blur(0.6)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A transparent PNG logo, 480 × 160: a badge with a ring and three bars. */
function logo(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160">' +
    '<rect x="4" y="4" width="472" height="152" rx="40" fill="#263238"/>' +
    '<circle cx="80" cy="80" r="48" fill="none" stroke="#ffca28" stroke-width="14"/>' +
    '<rect x="160" y="44" width="280" height="18" rx="9" fill="#ffffff"/>' +
    '<rect x="160" y="72" width="220" height="18" rx="9" fill="#90a4ae"/>' +
    '<rect x="160" y="100" width="250" height="18" rx="9" fill="#ffca28"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The standard ad: its request (template included) and its input images by source name. */
export interface StandardAd {
  request: Record<string, unknown>;
  images: Map<string, LoadedImage>;
}

/** Describes encoded image bytes as a loader would after downloading them. */
async function describe(bytes: Uint8Array): Promise<LoadedImage> {
  const metadata = await sharp(bytes).metadata();
  return { bytes, width: metadata.width, height: metadata.height, format: metadata.format };
}

/** Makes the standard ad's images (about 1 s) and reads its template and request. */
export async function standardAd(): Promise<StandardAd> {
  const encoded = await Promise.all([
    ...PHOTOS.map(async (spec) => [spec.name, await photo(spec.width, spec.height, spec.seed)] as const),
    logo().then((bytes) => ['bench:logo.png', bytes] as const),
  ]);
  return standardAdFrom(new Map(encoded));
}

/** The standard ad from already encoded images (a worker process receives them from the parent). */
export async function standardAdFrom(encoded: ReadonlyMap<string, Uint8Array>): Promise<StandardAd> {
  const request = JSON.parse(readFileSync(path.join(here, 'standard-ad.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  request.template = readFileSync(path.join(here, 'standard-ad.svg'), 'utf8');
  const images = new Map<string, LoadedImage>();
  for (const [name, bytes] of encoded) images.set(name, await describe(bytes));
  return { request, images };
}

/**
 * Serves the ad's images from memory; headers were read once up front, as a real loader reads them
 * while downloading. Unknown names fail like a 404.
 */
export function memoryLoader(images: ReadonlyMap<string, LoadedImage>): ImageLoader {
  return async (source) => {
    const image = images.get(source);
    if (!image) throw new Error(`Image ${source} was not found (HTTP 404)`);
    return image;
  };
}
