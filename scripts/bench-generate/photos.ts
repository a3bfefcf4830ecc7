/**
 * The product photos of `npm run bench:generate` and the local HTTP server that serves them.
 * PHOTO_COUNT distinct JPEGs (quality 85) of about 1200 px, made with sharp at start-up: a product shape
 * (bottle, shoe, box, mug or watch) lit with gradients on a studio sweep, with a soft shadow and
 * sensor-like noise, so they compress like product photos rather than like flat test colours. Item n
 * has its own URL, /img/<item id>.jpg, which serves photo n mod PHOTO_COUNT: every item's URL differs,
 * and the item's own title and price make every ad's inputs differ.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export const PHOTO_COUNT = 50;

/** Sizes as product feeds send them: square, 4:3 landscape, 4:5 portrait. */
const SIZES = [
  { width: 1200, height: 1200 },
  { width: 1200, height: 1200 },
  { width: 1200, height: 900 },
  { width: 1000, height: 1250 },
] as const;

/** A small deterministic PRNG (mulberry32), so every run serves the same photos. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${Math.round(hue)}, ${Math.round(saturation)}%, ${Math.round(lightness)}%)`;

/** The product, drawn in a 1000 × 1000 box centred on the photo, filled with the gradient `#body`. */
function productShape(kind: number): string {
  switch (kind) {
    case 0: // a bottle
      return (
        '<rect x="420" y="120" width="160" height="150" rx="20" fill="url(#body)"/>' +
        '<path d="M330 330 Q330 260 420 250 L580 250 Q670 260 670 330 L690 860 Q690 920 630 920 L370 920 Q310 920 310 860 Z" fill="url(#body)"/>' +
        '<rect x="350" y="480" width="300" height="220" rx="12" fill="#ffffff" fill-opacity="0.85"/>'
      );
    case 1: // a shoe
      return (
        '<path d="M130 720 Q150 520 300 470 L470 430 Q520 520 640 560 L820 620 Q900 650 890 760 L880 800 L140 800 Z" fill="url(#body)"/>' +
        '<rect x="120" y="790" width="780" height="60" rx="28" fill="#f5f5f5"/>' +
        '<path d="M330 500 L560 560 M360 470 L590 530" stroke="#ffffff" stroke-width="14" stroke-linecap="round"/>'
      );
    case 2: // a box
      return (
        '<path d="M250 360 L500 250 L770 360 L770 780 L500 900 L250 780 Z" fill="url(#body)"/>' +
        '<path d="M250 360 L500 470 L770 360 M500 470 L500 900" stroke="#000000" stroke-opacity="0.18" stroke-width="6" fill="none"/>'
      );
    case 3: // a mug
      return (
        '<path d="M700 430 Q860 430 860 580 Q860 730 700 730" stroke="url(#body)" stroke-width="56" fill="none"/>' +
        '<rect x="240" y="330" width="480" height="540" rx="60" fill="url(#body)"/>' +
        '<ellipse cx="480" cy="340" rx="240" ry="44" fill="#000000" fill-opacity="0.25"/>'
      );
    default: // a watch
      return (
        '<rect x="410" y="80" width="180" height="840" rx="40" fill="url(#strap)"/>' +
        '<circle cx="500" cy="500" r="230" fill="url(#body)"/>' +
        '<circle cx="500" cy="500" r="190" fill="#fafafa"/>' +
        '<path d="M500 500 L500 360 M500 500 L600 540" stroke="#222222" stroke-width="14" stroke-linecap="round"/>'
      );
  }
}

/** The photo as SVG: studio sweep, shadow, product, a highlight. */
function photoSvg(index: number, width: number, height: number): string {
  const next = random(1000 + index);
  const hue = next() * 360;
  const backdropHue = next() * 360;
  const kind = index % 5;
  const scale = (Math.min(width, height) / 1000) * (0.8 + next() * 0.15);
  const dx = (width - 1000 * scale) / 2 + (next() - 0.5) * 60;
  const dy = (height - 1000 * scale) / 2 + (next() - 0.5) * 60;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    '<defs>' +
    `<radialGradient id="sweep" cx="50%" cy="35%" r="80%">` +
    `<stop offset="0" stop-color="${hsl(backdropHue, 12, 97)}"/>` +
    `<stop offset="1" stop-color="${hsl(backdropHue, 10, 78)}"/></radialGradient>` +
    `<linearGradient id="body" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${hsl(hue, 70, 62)}"/>` +
    `<stop offset="0.55" stop-color="${hsl(hue, 65, 42)}"/>` +
    `<stop offset="1" stop-color="${hsl(hue, 60, 22)}"/></linearGradient>` +
    `<linearGradient id="strap" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="${hsl(hue + 30, 25, 30)}"/>` +
    `<stop offset="1" stop-color="${hsl(hue + 30, 25, 15)}"/></linearGradient>` +
    `<linearGradient id="shine" x1="0" y1="0" x2="1" y2="0">` +
    '<stop offset="0" stop-color="#ffffff" stop-opacity="0"/>' +
    '<stop offset="0.5" stop-color="#ffffff" stop-opacity="0.35"/>' +
    '<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>' +
    '<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="28"/></filter>' +
    '</defs>' +
    `<rect width="${width}" height="${height}" fill="url(#sweep)"/>` +
    `<g transform="translate(${dx.toFixed(1)} ${dy.toFixed(1)}) scale(${scale.toFixed(4)})">` +
    '<ellipse cx="500" cy="900" rx="380" ry="50" fill="#000000" fill-opacity="0.35" filter="url(#soft)"/>' +
    productShape(kind) +
    '<rect x="360" y="150" width="90" height="700" fill="url(#shine)" transform="rotate(12 400 500)"/>' +
    '</g></svg>'
  );
}

/** Grey noise around mid-grey, laid over each photo with 'soft-light': sensor grain, texture. */
function noise(width: number, height: number, seed: number): Buffer {
  const next = random(seed);
  const pixels = Buffer.alloc(width * height);
  for (let index = 0; index < pixels.length; index += 1)
    pixels[index] = 128 + Math.round((next() - 0.5) * 60);
  return pixels;
}

/** Makes the PHOTO_COUNT photos (a few seconds). */
export async function makePhotos(): Promise<Buffer[]> {
  const grain = new Map<string, Buffer>();
  const photos: Buffer[] = [];
  for (let index = 0; index < PHOTO_COUNT; index += 1) {
    const { width, height } = SIZES[index % SIZES.length]!;
    const key = `${width}x${height}`;
    let layer = grain.get(key);
    if (!layer) {
      layer = await sharp(noise(width, height, width * height), { raw: { width, height, channels: 1 } })
        .blur(0.5)
        .toColourspace('srgb')
        .png({ compressionLevel: 0 })
        .toBuffer();
      grain.set(key, layer);
    }
    photos.push(
      await sharp(Buffer.from(photoSvg(index, width, height)))
        .composite([{ input: layer, blend: 'soft-light' }])
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
  }
  return photos;
}

/** The serial number of an item id such as SKU-000042. */
export function itemNumber(itemId: string): number {
  return Number(/(\d+)$/.exec(itemId)?.[1] ?? Number.NaN);
}

export interface ImageServer {
  /** http://127.0.0.1:port */
  origin: string;
  /** host:port, for FETCH_ALLOW_HOSTS (the server is on a loopback address). */
  host: string;
  /** The URL of an item's photo. */
  urlOf(itemId: string): string;
  /** Images served so far (with their bytes). */
  served(): number;
  /** Conditional requests answered 304 (not modified) so far. */
  notModified(): number;
  close(): Promise<void>;
}

/**
 * Serves /img/<item id>.jpg from memory, as a CDN would (content length, long cache, an ETag and 304 for
 * a request that still matches it); 404 otherwise.
 */
export async function serveImages(photos: readonly Buffer[]): Promise<ImageServer> {
  let served = 0;
  let notModified = 0;
  const etags = photos.map((photo) => `"${createHash('sha256').update(photo).digest('hex').slice(0, 16)}"`);
  const server = createServer((request, response) => {
    const match = /^\/img\/([A-Za-z0-9-]+)\.jpg$/.exec(request.url ?? '');
    const number = match ? itemNumber(match[1]!) : Number.NaN;
    if (!Number.isInteger(number)) {
      response.writeHead(404).end();
      return;
    }
    const index = number % photos.length;
    const photo = photos[index]!;
    // As a CDN serves product photos: with an ETag, and 304 without the body while it still matches.
    const etag = etags[index]!;
    const headers = { etag, 'cache-control': 'public, max-age=31536000' };
    if (request.headers['if-none-match'] === etag) {
      notModified += 1;
      response.writeHead(304, headers).end();
      return;
    }
    served += 1;
    response
      .writeHead(200, { ...headers, 'content-type': 'image/jpeg', 'content-length': photo.length })
      .end(photo);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    urlOf: (itemId) => `${origin}/img/${itemId}.jpg`,
    served: () => served,
    notModified: () => notModified,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
