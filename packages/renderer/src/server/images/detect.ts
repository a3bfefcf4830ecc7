import sharp, { type Metadata } from 'sharp';
import { readImageSize } from '../../images/image-size.js';
import { checkImagePixels, tooManyPixelsError } from '../../images/pixel-limit.js';
import { formatMegapixels, ImageLoadError, type ImageSubject } from './errors.js';

/** The image formats the renderer accepts. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'svg' | 'tiff';

const FORMAT_LABELS: Readonly<Record<ImageFormat, string>> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  avif: 'AVIF',
  svg: 'SVG',
  tiff: 'TIFF',
};

/** How many leading bytes are searched for an SVG root (comments and a doctype may come first). */
const SVG_SNIFF_BYTES = 64 * 1024;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  // toString clamps start and end to the buffer, so short inputs are safe.
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1', start, end);
}

/** True for an ISO-BMFF file (ftyp box) whose major or compatible brands include AVIF. */
function isAvif(bytes: Uint8Array): boolean {
  if (ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).readUInt32BE(0);
  const end = Math.min(bytes.length, boxSize);
  for (let at = 8; at + 4 <= end; at += 4) {
    if (at === 12) continue; // minor version, not a brand
    const brand = ascii(bytes, at, at + 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/**
 * True when the bytes are an XML document whose root element is `svg` (any namespace prefix). Skips a
 * byte-order mark, the XML declaration, processing instructions, comments and a doctype, so an HTML page
 * that merely contains an inline `<svg>` is not mistaken for one.
 */
export function isSvgDocument(bytes: Uint8Array): boolean {
  let text = ascii(bytes, 0, SVG_SNIFF_BYTES);
  if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at] ?? '')) at += 1;
    if (text.startsWith('<?', at)) at = skipPast(text, '?>', at);
    else if (text.startsWith('<!--', at)) at = skipPast(text, '-->', at);
    else if (/^<!doctype/i.test(text.slice(at, at + 9))) at = skipDoctype(text, at);
    else break;
    if (at < 0) return false;
  }
  return /^<(?:[A-Za-z_][\w.-]*:)?svg[\s/>]/.test(text.slice(at, at + 64));
}

function skipPast(text: string, end: string, from: number): number {
  const found = text.indexOf(end, from);
  return found < 0 ? -1 : found + end.length;
}

/** Skips `<!DOCTYPE svg ... [internal subset] >`; the subset may itself contain `>`. */
function skipDoctype(text: string, from: number): number {
  const close = text.indexOf('>', from);
  if (close < 0) return -1;
  const bracket = text.indexOf('[', from);
  if (bracket < 0 || bracket > close) return close + 1;
  const subsetEnd = text.indexOf(']', bracket);
  return subsetEnd < 0 ? -1 : skipPast(text, '>', subsetEnd);
}

/** Names the image format from the content (magic numbers, or XML with an svg root), never from a Content-Type. */
export function sniffFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  if (isAvif(bytes)) return 'avif';
  if (isSvgDocument(bytes)) return 'svg';
  return undefined;
}

/** A checked image: its bytes (only the first frame when the source was animated) and its size as displayed. */
export interface InspectedImage {
  readonly bytes: Buffer;
  readonly format: ImageFormat;
  /** Width as displayed, i.e. after the EXIF orientation (decode with sharp's `autoOrient` to match). */
  readonly width: number;
  readonly height: number;
  /** Frames or pages in the source; when above 1, `bytes` hold only the first one, re-encoded as PNG. */
  readonly frames: number;
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Refuses images above `maxPixels` before anything allocates them: first from the header as the browser
 * reads it too (checkImagePixels: for an SVG, the images inside it as well), then from sharp's reading of
 * it (no pixels decoded). Keeps only the first frame of an animated or multi-page image.
 */
export async function inspectImage(
  bytes: Buffer,
  format: ImageFormat,
  maxPixels: number,
  subject: ImageSubject,
): Promise<InspectedImage> {
  // A header too damaged to read is left to sharp, whose error says what is wrong with it.
  if (readImageSize(bytes)) checkImagePixels(bytes, subject, maxPixels);
  const limit = formatMegapixels(maxPixels);
  let metadata: Metadata;
  try {
    // limitInputPixels makes libvips itself refuse a header over the limit, so even this call cannot be a bomb.
    metadata = await sharp(bytes, { limitInputPixels: maxPixels }).metadata();
  } catch (error) {
    if (isPixelLimitError(error)) {
      throw new ImageLoadError('TOO_MANY_PIXELS', subject, `has more pixels than the limit of ${limit}`, {
        cause: error,
      });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImageLoadError(
      'NOT_AN_IMAGE',
      subject,
      `is not a readable ${FORMAT_LABELS[format]} image: ${reason}`,
      {
        cause: error,
      },
    );
  }
  // autoOrient is the size as displayed (EXIF orientation applied); fall back for loaders that omit it.
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!(width > 0 && height > 0)) {
    throw new ImageLoadError(
      'NOT_AN_IMAGE',
      subject,
      `is not a readable ${FORMAT_LABELS[format]} image: no size`,
    );
  }
  // sharp documents limitInputPixels for processing, not for metadata(); this check keeps the refusal ours.
  if (width * height > maxPixels) throw tooManyPixelsError(subject, { width, height }, maxPixels);
  const frames = Math.max(1, metadata.pages ?? 1);
  if (frames === 1) return { bytes, format, width, height, frames };
  // Ads are still images: keep the first frame (sharp reads page 0 only by default), oriented like its size.
  const firstFrame = await sharp(bytes, { limitInputPixels: maxPixels, pages: 1, autoOrient: true })
    .png()
    .toBuffer();
  return { bytes: firstFrame, format: 'png', width, height, frames };
}

/** A short description of what the content looked like, for a NOT_AN_IMAGE message. */
export function describeContent(bytes: Uint8Array): string {
  const head = ascii(bytes, 0, 32)
    .replace(/[^\x20-\x7e]+/g, ' ')
    .trim();
  return head === '' ? 'its content is binary data' : `its content starts "${head}"`;
}
