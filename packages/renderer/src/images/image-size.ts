/**
 * Reads an image's pixel size from its header, before anything decodes it: PNG, JPEG, GIF, WebP, AVIF,
 * TIFF and SVG. Plain TypeScript over bytes (no Node or DOM image APIs), so the server and the browser
 * read the same size from the same bytes. Decoders allocate what the header claims, so the header is what
 * a pixel limit has to judge.
 */

/** The formats whose size is read here (the renderer's image formats). */
export type SizedFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'tiff' | 'svg';

/** The size an image's header declares. For SVG: its own width and height, in CSS pixels. */
export interface ImageSize {
  format: SizedFormat;
  width: number;
  height: number;
}

const latin1 = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);
const u32le = (b: Uint8Array, at: number) => u16le(b, at) + u16le(b, at + 2) * 0x10000;

function sized(format: SizedFormat, width: number, height: number): ImageSize | undefined {
  return width > 0 && height > 0 ? { format, width, height } : undefined;
}

/** PNG: the IHDR chunk, which must come first (APNG frames may not be larger). */
function pngSize(b: Uint8Array): ImageSize | undefined {
  if (latin1(b, 12, 16) !== 'IHDR') return undefined;
  return sized('png', u32be(b, 16), u32be(b, 20));
}

/** JPEG: the first start-of-frame segment (SOF0 to SOF15 but DHT, JPG and DAC), found by walking segments. */
function jpegSize(b: Uint8Array): ImageSize | undefined {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // no length
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return undefined; // scan data or end before any frame
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    // A height of 0 defers it to a DNL marker after the first scan: no size to judge, so none is given.
    if (isFrame) return sized('jpeg', u16be(b, at + 7), u16be(b, at + 5));
    at += 2 + u16be(b, at + 2);
  }
  return undefined;
}

/** GIF: the logical screen, widened to every frame's extent (decoders grow the canvas to fit a frame). */
function gifSize(b: Uint8Array): ImageSize | undefined {
  let width = u16le(b, 6);
  let height = u16le(b, 8);
  const table = (flags: number) => ((flags & 0x80) !== 0 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  const skipSubBlocks = (from: number): number => {
    let at = from;
    while (at < b.length && b[at] !== 0) at += 1 + b[at]!;
    return at + 1;
  };
  let at = 13 + table(b[10] ?? 0);
  while (at < b.length) {
    const block = b[at];
    if (block === 0x3b) break; // trailer
    if (block === 0x21) at = skipSubBlocks(at + 2);
    else if (block === 0x2c) {
      width = Math.max(width, u16le(b, at + 1) + u16le(b, at + 5));
      height = Math.max(height, u16le(b, at + 3) + u16le(b, at + 7));
      at = skipSubBlocks(at + 10 + table(b[at + 9] ?? 0) + 1);
    } else break; // damaged: what was read so far stands
  }
  return sized('gif', width, height);
}

/** WebP: the VP8X canvas, or the VP8 (lossy) or VP8L (lossless) frame header of a simple file. */
function webpSize(b: Uint8Array): ImageSize | undefined {
  const chunk = latin1(b, 12, 16);
  if (chunk === 'VP8X') return sized('webp', u24le(b, 24) + 1, u24le(b, 27) + 1);
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return sized('webp', u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return undefined;
    const bits = u32le(b, 21);
    return sized('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  return undefined;
}

interface Box {
  type: string;
  /** Where the box's content starts and where the box ends. */
  start: number;
  end: number;
}

/** The ISO-BMFF boxes between `from` and `to`. */
function boxes(b: Uint8Array, from: number, to: number): Box[] {
  const found: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = u32be(b, at);
    let header = 8;
    if (size === 1) {
      size = u32be(b, at + 8) * 2 ** 32 + u32be(b, at + 12);
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header) break;
    found.push({ type: latin1(b, at + 4, at + 8), start: at + header, end: Math.min(to, at + size) });
    at += size;
  }
  return found;
}

/** AVIF (HEIF): the largest `ispe` (image spatial extent) property in meta → iprp → ipco. */
function avifSize(b: Uint8Array): ImageSize | undefined {
  const child = (box: Box | undefined, type: string, skip = 0) =>
    box && boxes(b, box.start + skip, box.end).find((inner) => inner.type === type);
  const meta = boxes(b, 0, b.length).find((box) => box.type === 'meta');
  const properties = child(child(meta, 'iprp', 4), 'ipco');
  if (!properties) return undefined;
  let largest: ImageSize | undefined;
  for (const box of boxes(b, properties.start, properties.end)) {
    if (box.type !== 'ispe') continue;
    const extent = sized('avif', u32be(b, box.start + 4), u32be(b, box.start + 8));
    if (extent && (!largest || extent.width * extent.height > largest.width * largest.height))
      largest = extent;
  }
  return largest;
}

/** TIFF: ImageWidth and ImageLength of the first directory (the page decoders read). */
function tiffSize(b: Uint8Array): ImageSize | undefined {
  const little = b[0] === 0x49;
  const u16 = little ? u16le : u16be;
  const u32 = little ? u32le : u32be;
  const directory = u32(b, 4);
  const entries = u16(b, directory);
  let width = 0;
  let height = 0;
  for (let i = 0; i < entries; i += 1) {
    const at = directory + 2 + i * 12;
    if (at + 12 > b.length) break;
    const tag = u16(b, at);
    const value = u16(b, at + 2) === 3 ? u16(b, at + 8) : u32(b, at + 8);
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return sized('tiff', width, height);
}

/** CSS pixels per unit of an SVG length (96 per inch, as resvg and browsers count; em as 16 px). */
const UNIT_PIXELS: Readonly<Record<string, number>> = {
  '': 1,
  px: 1,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  pt: 96 / 72,
  pc: 16,
  em: 16,
  ex: 8,
};

/** An SVG length in CSS pixels, a percentage as a fraction (`{ percent }`), or undefined. */
function svgLength(value: string | undefined): number | { percent: number } | undefined {
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*|%)\s*$/i.exec(value ?? '');
  if (!match) return undefined;
  const number = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  if (!Number.isFinite(number) || number <= 0) return undefined;
  if (unit === '%') return { percent: number / 100 };
  const perUnit = UNIT_PIXELS[unit];
  return perUnit === undefined ? undefined : number * perUnit;
}

/** An XML document's text from its root element on: past a byte order mark, PIs, comments and a doctype. */
export function fromRootElement(text: string): string {
  let rest = text.replace(/^\uFEFF/, '');
  for (;;) {
    rest = rest.trimStart();
    const skip = /^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!doctype[^[>]*(?:\[[\s\S]*?\])?\s*>)/i.exec(rest);
    if (!skip) return rest;
    rest = rest.slice(skip[0].length);
  }
}

/** The attributes of an SVG document's root element, or undefined when the text's root is not `svg`. */
export function svgRootAttributes(text: string): Record<string, string> | undefined {
  const rest = fromRootElement(text);
  const tag = /^<(?:[A-Za-z_][\w.-]*:)?svg((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/.exec(rest);
  if (!tag) return undefined;
  const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [, name, double, single] of tag[1]!.matchAll(/([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    attributes[name!] = double ?? single ?? '';
  return attributes;
}

/**
 * An SVG document's size in CSS pixels as a renderer sizes it: width and height (a percentage, or one
 * left out, taken from the viewBox and its aspect ratio), else the viewBox, else 100 × 100.
 */
function svgSize(b: Uint8Array): ImageSize | undefined {
  const attributes = svgRootAttributes(new TextDecoder('utf-8').decode(b.subarray(0, 64 * 1024)));
  if (!attributes) return undefined;
  const box = (attributes.viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const viewBox =
    box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0
      ? { width: box[2]!, height: box[3]! }
      : undefined;
  const resolve = (length: ReturnType<typeof svgLength>, side: number | undefined) =>
    typeof length === 'number' ? length : length && side !== undefined ? length.percent * side : undefined;
  let width = resolve(svgLength(attributes.width), viewBox?.width);
  let height = resolve(svgLength(attributes.height), viewBox?.height);
  const aspect = viewBox ? viewBox.width / viewBox.height : 1;
  if (width === undefined && height !== undefined) width = height * aspect;
  if (height === undefined && width !== undefined) height = width / aspect;
  width ??= viewBox?.width ?? 100;
  height ??= viewBox?.height ?? 100;
  return sized('svg', Math.ceil(width), Math.ceil(height));
}

function startsWith(b: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, i) => b[i] === byte);
}

/**
 * The size an image's header declares, told apart by content (never by a name or Content-Type); undefined
 * when the bytes are none of the formats or the header gives no usable size.
 */
export function readImageSize(bytes: Uint8Array): ImageSize | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return pngSize(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpegSize(bytes);
  const head = latin1(bytes, 0, 12);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return gifSize(bytes);
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return webpSize(bytes);
  if (head.slice(4, 8) === 'ftyp') return avifSize(bytes);
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return tiffSize(bytes);
  return svgSize(bytes);
}
