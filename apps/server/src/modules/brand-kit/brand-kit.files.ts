/**
 * What the brand kit reads from an uploaded file before it keeps it: the file's real kind from its bytes
 * (never from its name or declared type), and the checks that make it usable: a font must parse as the
 * renderer parses it, a logo must decode (an SVG is sanitised with the renderer's own sanitiser), audio
 * must have a length. No database or store here: bytes in, facts or a DomainError out.
 */
import { createRequire } from 'node:module';
import {
  checkImagePixels,
  ImageLoadError,
  MAX_IMAGE_PIXELS,
  parseFont,
  parseXml,
  sanitizeTemplate,
  serializeXml,
  TemplateParseError,
  type XmlElement,
} from '@adloom/renderer';
import { sniffFormat } from '@adloom/renderer/images';
import { BRAND_KIT_FONT_WEIGHT } from '@adloom/template';
import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { DomainError } from '../../errors.js';
import { formatSize } from '../uploads/index.js';

/** wawoff2's WOFF2 decoder (Google's woff2 in WebAssembly; CommonJS, no types): WOFF2 bytes to sfnt bytes. */
const decompressWoff2 = createRequire(import.meta.url)('wawoff2/decompress.js') as (
  woff2: Uint8Array,
) => Promise<Uint8Array>;

/** The renderers' limit on a custom font (packages/renderer: MAX_FONT_BYTES, MAX_BROWSER_FONT_BYTES). */
export const MAX_RENDER_FONT_BYTES = 10 * 1024 * 1024;
/** Longest side of a logo thumbnail. */
export const LOGO_THUMBNAIL_SIZE = 256;

const invalidFile = (message: string) => new DomainError('INVALID_FILE', message);

const IMAGE_WORDS: Readonly<Record<NonNullable<ReturnType<typeof sniffFormat>>, string>> = {
  jpeg: 'a JPEG image',
  png: 'a PNG image',
  webp: 'a WebP image',
  gif: 'a GIF image',
  avif: 'an AVIF image',
  svg: 'an SVG image',
  tiff: 'a TIFF image',
};

/** What a file is, in words, when it is not what was asked for: 'a PNG image', 'a PDF document'. */
export function describeContent(bytes: Buffer): string | null {
  const head = bytes.toString('latin1', 0, 12);
  const image = sniffFormat(bytes);
  if (image) return IMAGE_WORDS[image];
  if (head.startsWith('%PDF')) return 'a PDF document';
  if (head.startsWith('PK\x03\x04')) return 'a ZIP archive';
  if (head.startsWith('ttcf')) return 'a font collection (.ttc)';
  if (head.startsWith('ID3') || isMpegFrame(bytes)) return 'MP3 audio';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WAVE') return 'WAV audio';
  if (head.slice(4, 8) === 'ftyp') return 'an MPEG-4 file';
  if (bytes.length > 0 && !bytes.subarray(0, 512).includes(0)) return 'a text file';
  return null;
}

const isMpegFrame = (bytes: Buffer) => bytes.length >= 4 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0;

function notA(what: string, fileName: string, bytes: Buffer): DomainError {
  const actual = describeContent(bytes);
  return invalidFile(`'${fileName}' is not ${what}${actual ? `: it is ${actual}` : ''}.`);
}

// ---------------------------------------------------------------------------------------------- fonts

export type FontFormat = 'ttf' | 'otf' | 'woff' | 'woff2';

const FONT_TYPES: Readonly<Record<FontFormat, string>> = {
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

/** The font format of the bytes by their signature, or null. */
export function sniffFontFormat(bytes: Buffer): FontFormat | null {
  const tag = bytes.toString('latin1', 0, 4);
  if (tag === '\x00\x01\x00\x00' || tag === 'true') return 'ttf';
  if (tag === 'OTTO') return 'otf';
  if (tag === 'wOFF') return 'woff';
  if (tag === 'wOF2') return 'woff2';
  return null;
}

export interface CheckedFont {
  format: FontFormat;
  contentType: string;
  /**
   * The bytes the renderers load when the upload itself cannot be: TrueType decoded from WOFF2, which
   * opentype.js cannot read. Null when the upload is loaded as it is.
   */
  decoded: Buffer | null;
  /** The face the file holds, read from the font itself. */
  face: BrandFontFace;
}

export type BrandFontStyle = 'normal' | 'italic';

/** A font file's weight (100 to 900, in hundreds) and style. */
export interface BrandFontFace {
  weight: number;
  style: BrandFontStyle;
}

/** The parts of opentype.js's parsed font that say which face it is (its types cover drawing only). */
interface FaceTables {
  tables?: {
    os2?: { usWeightClass?: number; fsSelection?: number };
    head?: { macStyle?: number };
  };
  names?: Record<string, unknown>;
}

/** Weight words of style names ('Bold Italic', 'ExtraLight'), longest first so 'extrabold' wins over 'bold'. */
const WEIGHT_WORDS: readonly [RegExp, number][] = [
  [/(extra|ultra)[ -]?light/i, 200],
  [/(extra|ultra)[ -]?bold/i, 800],
  [/(semi|demi)[ -]?bold/i, 600],
  [/thin|hairline/i, 100],
  [/light/i, 300],
  [/medium/i, 500],
  [/bold/i, 700],
  [/black|heavy/i, 900],
];

/** The font's style name (typographic subfamily first), in English, wherever opentype.js put it. */
function styleName(names: Record<string, unknown> | undefined): string {
  const tables = [names, ...['unicode', 'windows', 'macintosh'].map((platform) => names?.[platform])];
  for (const key of ['preferredSubfamily', 'typographicSubfamily', 'fontSubfamily'])
    for (const table of tables) {
      const entry = (table as Record<string, { en?: unknown } | undefined> | undefined)?.[key];
      if (typeof entry?.en === 'string') return entry.en;
    }
  return '';
}

/**
 * Which face a font file is: the weight of its OS/2 table (usWeightClass; 1 to 9 in old fonts means
 * 100 to 900), rounded to a hundred, or else from its style name; italic when OS/2 fsSelection (italic or
 * oblique bit), head macStyle or the style name says so. Without any of them: 400 normal.
 */
export function fontFaceOf(font: unknown): BrandFontFace {
  const { tables, names } = font as FaceTables;
  const name = styleName(names);
  const weightClass = tables?.os2?.usWeightClass ?? 0;
  const raw =
    weightClass >= 1 && weightClass <= 9
      ? weightClass * 100
      : weightClass > 0
        ? weightClass
        : (WEIGHT_WORDS.find(([word]) => word.test(name))?.[1] ?? 400);
  const weight = Math.min(900, Math.max(100, Math.round(raw / 100) * 100));
  const italic =
    ((tables?.os2?.fsSelection ?? 0) & 0b10_0000_0001) !== 0 ||
    ((tables?.head?.macStyle ?? 0) & 0b10) !== 0 ||
    /italic|oblique/i.test(name);
  return { weight, style: italic ? 'italic' : 'normal' };
}

/** How a font's face is kept in its item's text content: '700 italic'. */
export function fontFaceText(face: BrandFontFace): string {
  return `${face.weight} ${face.style}`;
}

/** A font item's face from its text content; fonts kept before faces were read are 400 normal. */
export function fontFaceFromText(text: string | null): BrandFontFace {
  const match = /^([1-9]00) (normal|italic)$/.exec(text ?? '');
  return match
    ? { weight: Number(match[1]), style: match[2] as BrandFontStyle }
    : { weight: BRAND_KIT_FONT_WEIGHT, style: 'normal' };
}

/**
 * Checks a font file: TTF, OTF, WOFF or WOFF2 by its signature, parsed by opentype.js exactly as the
 * renderer parses custom fonts (WOFF2 first decoded to TrueType), with glyphs and a character map.
 */
export async function checkFont(bytes: Buffer, fileName: string): Promise<CheckedFont> {
  const format = sniffFontFormat(bytes);
  if (!format) throw notA('a font: TTF, OTF, WOFF or WOFF2 expected', fileName, bytes);
  let decoded: Buffer | null = null;
  if (format === 'woff2') {
    try {
      decoded = Buffer.from(await decompressWoff2(bytes));
    } catch {
      throw invalidFile(`'${fileName}' is a damaged WOFF2 font: it could not be decoded.`);
    }
    if (decoded.length > MAX_RENDER_FONT_BYTES)
      throw invalidFile(
        `'${fileName}' decodes to ${formatSize(decoded.length)}, more than the ${formatSize(MAX_RENDER_FONT_BYTES)} a font may have. Upload a smaller font (a subset of it, for example).`,
      );
  }
  let font: ReturnType<typeof parseFont>;
  try {
    font = parseFont(decoded ?? bytes);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw invalidFile(`'${fileName}' is a damaged font: ${reason}.`);
  }
  const parsed = font as unknown as { numGlyphs?: number; tables?: { cmap?: unknown } };
  if (!parsed.tables?.cmap || (parsed.numGlyphs ?? 0) < 2)
    throw invalidFile(`'${fileName}' has no characters to draw text with.`);
  return { format, contentType: FONT_TYPES[format], decoded, face: fontFaceOf(font) };
}

// ---------------------------------------------------------------------------------------------- logos

export type LogoFormat = 'png' | 'jpeg' | 'svg';

const LOGO_TYPES: Readonly<Record<LogoFormat, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

export interface CheckedLogo {
  format: LogoFormat;
  contentType: string;
  /** The bytes to keep: the upload, or for an SVG its sanitised text. */
  bytes: Buffer;
  /** True when the kept bytes differ from the upload (a sanitised SVG). */
  rewritten: boolean;
  width: number;
  height: number;
  /** A PNG at most LOGO_THUMBNAIL_SIZE on its long side. */
  thumbnail: Buffer;
}

function isWebReference(value: string): boolean {
  return !value.trim().startsWith('#') && !/^data:image\/(?:png|jpe?g|gif|webp)[;,]/i.test(value.trim());
}

/**
 * An SVG logo as it is kept: parsed with the renderer's parser (no DOCTYPE, bounded size), sanitised by
 * the renderer's sanitiser (no scripts, event handlers, foreign objects or outside references), with the
 * outside image links the sanitiser keeps for template layers removed too: a logo is a closed document.
 */
export function sanitiseSvgLogo(text: string, fileName: string): string {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    const reason = error instanceof TemplateParseError && error.reason ? `: ${error.reason}` : '';
    throw invalidFile(`'${fileName}' is not a readable SVG${reason}.`);
  }
  if (root.name.replace(/^.*:/, '') !== 'svg') throw invalidFile(`'${fileName}' has no <svg> root element.`);
  const sanitised = sanitizeTemplate(root).root;
  const overrides = new Map<XmlElement, Record<string, string | undefined>>();
  const visit = (node: XmlElement) => {
    for (const [name, value] of Object.entries(node.attributes))
      if ((name === 'href' || name.endsWith(':href')) && isWebReference(value))
        overrides.set(node, { ...overrides.get(node), [name]: undefined });
    for (const child of node.children) if (child.type === 'element') visit(child);
  };
  visit(sanitised);
  // An image that is an SVG must say so; without its namespace a browser shows nothing.
  if (sanitised.name === 'svg' && sanitised.attributes.xmlns === undefined)
    overrides.set(sanitised, { ...overrides.get(sanitised), xmlns: 'http://www.w3.org/2000/svg' });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializeXml(sanitised, overrides)}`;
}

/**
 * Checks a logo: PNG, JPEG or SVG by its content, within the renderer's pixel limit as the renderer judges it
 * (from the header, and for an SVG the images inside it too, before anything is decoded), and decodable;
 * makes its thumbnail.
 */
export async function checkLogo(bytes: Buffer, fileName: string): Promise<CheckedLogo> {
  const sniffed = sniffFormat(bytes);
  if (sniffed !== 'png' && sniffed !== 'jpeg' && sniffed !== 'svg')
    throw notA('a logo: PNG, JPEG or SVG expected', fileName, bytes);
  const kept = sniffed === 'svg' ? Buffer.from(sanitiseSvgLogo(bytes.toString('utf8'), fileName)) : bytes;
  const maxPixels = MAX_IMAGE_PIXELS;
  try {
    checkImagePixels(kept, { source: fileName, noun: 'Logo', label: `'${fileName}'` }, maxPixels);
  } catch (error) {
    if (error instanceof ImageLoadError) throw invalidFile(`${error.message}.`);
    throw error;
  }
  let width: number;
  let height: number;
  let thumbnail: Buffer;
  try {
    const metadata = await sharp(kept, { limitInputPixels: maxPixels }).metadata();
    ({ width, height } = metadata.autoOrient ?? metadata);
    if (!(width > 0 && height > 0)) throw new Error('it has no size');
    thumbnail = await sharp(kept, { limitInputPixels: maxPixels, autoOrient: true })
      .resize(LOGO_THUMBNAIL_SIZE, LOGO_THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(reason))
      throw invalidFile(
        `'${fileName}' has more than ${maxPixels / 1_000_000} megapixels. Upload a smaller logo.`,
      );
    throw invalidFile(`'${fileName}' is a damaged ${sniffed.toUpperCase()} image: ${reason}.`);
  }
  return {
    format: sniffed,
    contentType: LOGO_TYPES[sniffed],
    bytes: kept,
    rewritten: kept !== bytes,
    width,
    height,
    thumbnail,
  };
}

// ---------------------------------------------------------------------------------------------- audio

export type AudioFormat = 'mp3' | 'wav' | 'm4a';

const AUDIO_TYPES: Readonly<Record<AudioFormat, string>> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
};

/** The audio format of the bytes by their signature, or null. */
export function sniffAudioFormat(bytes: Buffer): AudioFormat | null {
  const head = bytes.toString('latin1', 0, 12);
  if (head.startsWith('ID3') || isMpegFrame(bytes)) return 'mp3';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WAVE') return 'wav';
  if (head.slice(4, 8) === 'ftyp') return 'm4a';
  return null;
}

export interface CheckedAudio {
  format: AudioFormat;
  contentType: string;
  durationSeconds: number;
}

/** Checks audio: MP3, WAV or M4A by its content, with sound and a length (read with music-metadata). */
export async function checkAudio(bytes: Buffer, fileName: string): Promise<CheckedAudio> {
  const format = sniffAudioFormat(bytes);
  if (!format) throw notA('audio: MP3, WAV or M4A expected', fileName, bytes);
  let metadata: Awaited<ReturnType<typeof parseBuffer>>;
  try {
    metadata = await parseBuffer(
      bytes,
      { mimeType: AUDIO_TYPES[format], size: bytes.length },
      { duration: true },
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw invalidFile(`'${fileName}' is damaged audio: ${reason}.`);
  }
  const { duration, hasVideo, hasAudio } = metadata.format;
  if (hasVideo) throw invalidFile(`'${fileName}' is a video. Upload the sound alone as MP3, WAV or M4A.`);
  if (hasAudio === false || duration === undefined || !Number.isFinite(duration) || duration <= 0)
    throw invalidFile(`'${fileName}' has no sound: its length could not be read.`);
  return { format, contentType: AUDIO_TYPES[format], durationSeconds: duration };
}
