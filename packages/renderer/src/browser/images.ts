/**
 * The browser's image loader (spec section 7: images "with cross-origin anonymous access", SVG "GET in
 * cors mode without credentials"): fetch without credentials, within the server's time, byte and pixel
 * limits (the pixel limit judged from the header before anything is decoded, as on the server), decode
 * rasters with createImageBitmap (EXIF orientation applied) and keep SVG as text for resvg.
 * Failures are ImageLoadErrors worded like the server's ("Image <url> could not be loaded: …").
 */
import { fromRootElement } from '../images/image-size.js';
import { checkImagePixels, MAX_IMAGE_PIXELS, tooManyPixelsError } from '../images/pixel-limit.js';
// errors.ts is plain TypeScript (no Node imports), shared with the server's images module.
import { ImageLoadError, formatBytes } from '../server/images/errors.js';
import { ANONYMOUS_CORS, describeFetchError, readBody } from './http.js';

/** The image formats told apart by their bytes (the server accepts the same list). */
export type BrowserImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'svg' | 'tiff';

/** A loaded image, ready to be prepared. */
export interface BrowserImage {
  /** Width and height as displayed (after EXIF orientation). */
  width: number;
  height: number;
  format: BrowserImageFormat;
  /**
   * Whether the file has an alpha channel, as sharp would say (`metadata().hasAlpha`): such images are
   * embedded as PNG (else JPEG) and blurred premultiplied, exactly as on the server.
   */
  alphaChannel: boolean;
  /** The decoded picture, for raster formats. Closed by the renderer once the images are prepared. */
  bitmap?: ImageBitmap;
  /** The SVG document, for SVG images: resvg draws it at the size it is shown at. */
  svg?: Uint8Array;
}

/** Loads one image source of a request. */
export type BrowserImageLoader = (source: string) => Promise<BrowserImage>;

/** The server's limits (IMAGE_FETCH_DEFAULTS of the images module); maxPixels is the one pixel limit. */
export const BROWSER_IMAGE_DEFAULTS = {
  timeoutMs: 10_000,
  maxBytes: 25 * 1024 * 1024,
  maxPixels: MAX_IMAGE_PIXELS,
} as const;

/** Options of fetchImageLoader. */
export interface FetchImageLoaderOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxPixels?: number;
  /** What relative image URLs are resolved against. Default: the page's location. */
  pageBase?: string | URL;
  /** The natural size of an SVG document (resvg's); needed for SVG images. */
  measureSvg?: (svg: Uint8Array) => { width: number; height: number };
  fetch?: typeof fetch;
  decode?: (blob: Blob) => Promise<ImageBitmap>;
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);

/** True when the text is an XML document whose root element is `svg` (comments, PIs, a doctype may come first). */
export function isSvgText(text: string): boolean {
  return /^<(?:[A-Za-z_][\w.-]*:)?svg[\s/>]/.test(fromRootElement(text));
}

/** Names the format from the bytes (never from a Content-Type). */
export function sniffImageFormat(bytes: Uint8Array): BrowserImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && /avi[fs]/.test(ascii(bytes, 8, 64))) return 'avif';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  if (isSvgText(new TextDecoder('utf-8').decode(bytes.subarray(0, 64 * 1024)))) return 'svg';
  return undefined;
}

/** PNG: an alpha colour type (grey + alpha, RGBA) or a tRNS chunk before the image data. */
function pngHasAlpha(bytes: Uint8Array): boolean {
  const colourType = bytes[25];
  if (colourType === 4 || colourType === 6) return true;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, at + 8);
    if (type === 'tRNS') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + length;
  }
  return false;
}

/** WebP: the VP8X alpha flag, or VP8L's alpha_is_used bit; simple lossy (VP8) has none. */
function webpHasAlpha(bytes: Uint8Array): boolean {
  const chunk = ascii(bytes, 12, 16);
  if (chunk === 'VP8X') return ((bytes[20] ?? 0) & 0x10) !== 0;
  if (chunk === 'VP8L') return ((bytes[24] ?? 0) & 0x10) !== 0;
  return false;
}

/**
 * Whether sharp would report an alpha channel for these bytes, or undefined when only the pixels can tell
 * (AVIF): then any pixel that is not opaque counts.
 */
export function sniffAlphaChannel(bytes: Uint8Array, format: BrowserImageFormat): boolean | undefined {
  switch (format) {
    case 'jpeg':
      return false;
    case 'png':
      return pngHasAlpha(bytes);
    case 'webp':
      return webpHasAlpha(bytes);
    case 'gif':
    case 'svg':
      return true;
    default:
      return undefined;
  }
}

/** True when some pixel of the bitmap is not fully opaque. */
function hasTransparentPixels(bitmap: ImageBitmap): boolean {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('The browser could not make a 2D canvas');
  context.drawImage(bitmap, 0, 0);
  const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return true;
  return false;
}

const decodeBitmap = (blob: Blob) =>
  createImageBitmap(blob, { imageOrientation: 'from-image', colorSpaceConversion: 'default' });

function defaultBase(): string {
  const location = (globalThis as { location?: { href: string } }).location;
  return location?.href ?? 'about:blank';
}

/** An image loader over fetch and createImageBitmap. */
export function fetchImageLoader(options: FetchImageLoaderOptions = {}): BrowserImageLoader {
  const timeoutMs = options.timeoutMs ?? BROWSER_IMAGE_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? BROWSER_IMAGE_DEFAULTS.maxBytes;
  const maxPixels = options.maxPixels ?? BROWSER_IMAGE_DEFAULTS.maxPixels;
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const decode = options.decode ?? decodeBitmap;

  async function download(source: string): Promise<Uint8Array> {
    const subject = { source };
    let url: URL;
    try {
      url = new URL(source.trim(), options.pageBase ?? defaultBase());
    } catch (error) {
      throw new ImageLoadError('BAD_URL', subject, 'is not a valid URL', { cause: error });
    }
    if (!['http:', 'https:', 'data:', 'blob:'].includes(url.protocol))
      throw new ImageLoadError('BAD_SCHEME', subject, `has the scheme ${url.protocol}; use http(s) or data:`);
    const signal = AbortSignal.timeout(timeoutMs);
    const timedOut = (error: unknown) =>
      new ImageLoadError('TIMEOUT', subject, `did not load within ${timeoutMs} ms`, { cause: error });
    let response: Response;
    try {
      response = await fetchFn(url, { ...ANONYMOUS_CORS, signal });
    } catch (error) {
      if (signal.aborted) throw timedOut(error);
      throw new ImageLoadError('NETWORK', subject, `could not be loaded: ${describeFetchError(error)}`, {
        cause: error,
      });
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const text = response.statusText ? ` ${response.statusText}` : '';
      const code = response.status === 404 ? 'NOT_FOUND' : 'HTTP_STATUS';
      throw new ImageLoadError(
        code,
        subject,
        `could not be loaded: the server answered HTTP ${response.status}${text}`,
      );
    }
    try {
      return await readBody(
        response,
        maxBytes,
        () => new ImageLoadError('TOO_LARGE', subject, `is larger than ${formatBytes(maxBytes)}`),
      );
    } catch (error) {
      if (signal.aborted && !(error instanceof ImageLoadError)) throw timedOut(error);
      throw error;
    }
  }

  return async (source) => {
    const subject = { source };
    const bytes = await download(source);
    if (bytes.byteLength === 0) throw new ImageLoadError('NOT_AN_IMAGE', subject, 'is empty');
    const format = sniffImageFormat(bytes);
    if (format === undefined)
      throw new ImageLoadError(
        'NOT_AN_IMAGE',
        subject,
        'is not an image (expected JPEG, PNG, WebP, GIF, AVIF, TIFF or SVG)',
      );
    // Before any decoding: the header's size (and an SVG's images inside) against the limit, as the server judges it.
    checkImagePixels(bytes, subject, maxPixels);
    const tooManyPixels = (width: number, height: number) =>
      width * height > maxPixels ? tooManyPixelsError(subject, { width, height }, maxPixels) : undefined;
    if (format === 'svg') {
      if (!options.measureSvg) throw new Error('fetchImageLoader: SVG images need measureSvg');
      let size: { width: number; height: number };
      try {
        size = options.measureSvg(bytes);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new ImageLoadError('NOT_AN_IMAGE', subject, `is not a valid SVG document: ${reason}`, {
          cause: error,
        });
      }
      const tooMany = tooManyPixels(size.width, size.height);
      if (tooMany) throw tooMany;
      return { ...size, format, alphaChannel: true, svg: bytes };
    }
    let bitmap: ImageBitmap;
    try {
      bitmap = await decode(new Blob([bytes as Uint8Array<ArrayBuffer>]));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ImageLoadError(
        'NOT_AN_IMAGE',
        subject,
        `is not a readable ${format.toUpperCase()} image: ${reason}`,
        {
          cause: error,
        },
      );
    }
    const tooMany = tooManyPixels(bitmap.width, bitmap.height);
    if (tooMany) {
      bitmap.close();
      throw tooMany;
    }
    const alphaChannel = sniffAlphaChannel(bytes, format) ?? hasTransparentPixels(bitmap);
    return { width: bitmap.width, height: bitmap.height, format, alphaChannel, bitmap };
  };
}
