/**
 * The renderer's one pixel limit and where it is checked. Every image the renderer (server or browser) or
 * the server's upload checks decode is judged here from its header, before any decoder allocates pixels:
 * request images, logos, brand-kit files, a template's own pictures, and the images an SVG image carries
 * inside it. Plain TypeScript that needs nothing but its header reader and error type, so the server, the
 * browser renderer and the builder (`@adloom/renderer/pixel-limit`) give the same answer in the same words.
 */
import { formatMegapixels, ImageLoadError, type ImageSubject } from '../server/images/errors.js';
import { readImageSize, type ImageSize } from './image-size.js';

export { ImageLoadError, type ImageSubject };

/**
 * The most pixels (width × height as the header declares) of any image the renderer decodes: 25
 * megapixels, e.g. 5000 × 5000 or a 24-megapixel camera's 6000 × 4000. Chosen by measuring one render's
 * peak memory at the limit (README, "Pixel limit"): GIF, which libvips holds whole at about 5.5 bytes a
 * pixel, is the costliest format, and a 1080 × 1080 ad with a 25-megapixel GIF (blurred background too)
 * peaks near 270 MB; at 30 megapixels it reaches 300 MB.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

/** SVG images inside SVG images are followed this deep; deeper nesting is refused. */
const MAX_SVG_NESTING = 4;

const TOO_MANY_HINT = 'use a smaller image';

/** The refusal of an image whose header declares more than `maxPixels`. */
export function tooManyPixelsError(
  subject: ImageSubject,
  size: { width: number; height: number },
  maxPixels: number,
): ImageLoadError {
  return new ImageLoadError(
    'TOO_MANY_PIXELS',
    subject,
    `is ${size.width} × ${size.height} pixels, more than the limit of ${formatMegapixels(maxPixels)}; ${TOO_MANY_HINT}`,
  );
}

/** A data: URL's media type and bytes (base64 or percent-encoded), or undefined when it is not one. */
export function decodeDataUrl(url: string): { mediaType: string; bytes: Uint8Array } | undefined {
  const match = /^\s*data:([^,]*),/i.exec(url);
  if (!match) return undefined;
  const parameters = match[1]!.split(';').map((part) => part.trim());
  const mediaType = (parameters[0] ?? '').toLowerCase();
  const payload = url.slice(match[0].length);
  if (parameters.slice(1).some((part) => part.toLowerCase() === 'base64')) {
    const text = payload
      .replace(/%([\da-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/[^A-Za-z\d+/\-_]/g, '')
      .replace(/-/g, '+')
      .replace(/_/g, '/');
    let binary: string;
    try {
      binary = atob(text.padEnd(Math.ceil(text.length / 4) * 4, '='));
    } catch {
      return undefined;
    }
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return { mediaType, bytes };
  }
  const utf8 = new TextEncoder().encode(payload);
  const bytes = new Uint8Array(utf8.length);
  let length = 0;
  for (let i = 0; i < utf8.length; i += 1) {
    const hex = utf8[i] === 0x25 ? String.fromCharCode(utf8[i + 1] ?? 0, utf8[i + 2] ?? 0) : '';
    if (/^[\da-f]{2}$/i.test(hex)) {
      bytes[length] = parseInt(hex, 16);
      i += 2;
    } else bytes[length] = utf8[i]!;
    length += 1;
  }
  return { mediaType, bytes: bytes.subarray(0, length) };
}

const XML_ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return XML_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Every data: URL written in an SVG document's text: in attributes (`href`, `xlink:href`, whichever quote),
 * in style sheets (`url(…)`) and in entity declarations alike, so none escapes because of how it is written.
 */
export function dataUrlsInSvg(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/data:/gi)) {
    const start = match.index;
    const before = /(["'])\s*$/.exec(text.slice(Math.max(0, start - 16), start))?.[1];
    const rest = text.slice(start);
    const end = before ? rest.indexOf(before) : rest.search(/[)"'<>]/);
    found.push(unescapeXml(end < 0 ? rest : rest.slice(0, end)));
  }
  return found;
}

/** The pixels of the images inside an SVG document, in all; throws when one cannot be judged. */
function nestedPixels(svg: Uint8Array, subject: ImageSubject, maxPixels: number, depth: number): number {
  let total = 0;
  for (const url of dataUrlsInSvg(new TextDecoder('utf-8').decode(svg))) {
    const data = decodeDataUrl(url);
    if (!data || data.bytes.length === 0) continue;
    const size = readImageSize(data.bytes);
    if (!size) {
      if (!data.mediaType.startsWith('image/')) continue; // a font, a style sheet, text: no pixels
      throw new ImageLoadError(
        'NOT_AN_IMAGE',
        subject,
        `contains an image (${data.mediaType}) whose size cannot be read from its header; ` +
          'embed PNG, JPEG, GIF or WebP images only',
      );
    }
    if (size.width * size.height > maxPixels) {
      throw new ImageLoadError(
        'TOO_MANY_PIXELS',
        subject,
        `contains an image of ${size.width} × ${size.height} pixels, more than the limit of ${formatMegapixels(maxPixels)}; ${TOO_MANY_HINT}`,
      );
    }
    total += size.width * size.height;
    if (size.format === 'svg') {
      if (depth >= MAX_SVG_NESTING)
        throw new ImageLoadError(
          'NOT_AN_IMAGE',
          subject,
          `nests SVG images more than ${MAX_SVG_NESTING} deep; flatten it`,
        );
      total += nestedPixels(data.bytes, subject, maxPixels, depth + 1);
    }
  }
  return total;
}

/**
 * Checks an image against the pixel limit from its header alone and returns the declared size: a raster
 * image's width × height; an SVG's own size, and the images it carries inside, which together must not
 * pass the limit either (an SVG renderer decodes every one of them). Throws an ImageLoadError naming the
 * image and the limit: TOO_MANY_PIXELS, or NOT_AN_IMAGE when the header gives no size to judge.
 */
export function checkImagePixels(
  bytes: Uint8Array,
  subject: ImageSubject,
  maxPixels: number = MAX_IMAGE_PIXELS,
): ImageSize {
  const size = readImageSize(bytes);
  if (!size) {
    throw new ImageLoadError(
      'NOT_AN_IMAGE',
      subject,
      'has no size in its header (expected a PNG, JPEG, GIF, WebP, AVIF, TIFF or SVG image)',
    );
  }
  if (size.width * size.height > maxPixels) throw tooManyPixelsError(subject, size, maxPixels);
  if (size.format === 'svg') {
    const inside = nestedPixels(bytes, subject, maxPixels, 1);
    if (inside > maxPixels) {
      throw new ImageLoadError(
        'TOO_MANY_PIXELS',
        subject,
        `contains images of ${formatMegapixels(inside)} in all, more than the limit of ${formatMegapixels(maxPixels)}; ${TOO_MANY_HINT}`,
      );
    }
  }
  return size;
}
