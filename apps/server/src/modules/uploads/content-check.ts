/**
 * What an upload's bytes are, told from their first bytes (magic numbers), and whether that is what its
 * declared content type promised. Pure: bytes in, an answer out.
 */
import { sniffFormat } from '@adloom/renderer/images';
import type { UploadType } from './upload-types.js';

/** The kinds of content an upload is told apart by. */
export type ContentKind =
  | 'png'
  | 'jpeg'
  | 'webp'
  | 'gif'
  | 'avif'
  | 'tiff'
  | 'svg'
  | 'ttf'
  | 'otf'
  | 'woff'
  | 'woff2'
  | 'ttc'
  | 'mp3'
  | 'wav'
  | 'mp4'
  | 'gzip'
  | 'zip'
  | 'pdf'
  | 'xml'
  | 'text';

/** How many first bytes `sniffContent` needs (an SVG may start with a long comment). */
export const SNIFF_BYTES = 64 * 1024;

const WORDS: Readonly<Record<ContentKind, string>> = {
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  webp: 'a WebP image',
  gif: 'a GIF image',
  avif: 'an AVIF image',
  tiff: 'a TIFF image',
  svg: 'an SVG image',
  ttf: 'a TrueType font',
  otf: 'an OpenType font',
  woff: 'a WOFF font',
  woff2: 'a WOFF2 font',
  ttc: 'a font collection (.ttc)',
  mp3: 'MP3 audio',
  wav: 'WAV audio',
  mp4: 'an MPEG-4 file',
  gzip: 'a gzip archive',
  zip: 'a ZIP archive',
  pdf: 'a PDF document',
  xml: 'an XML document',
  text: 'plain text',
};

/** 'a PNG image', 'WAV audio'. */
export const describeKind = (kind: ContentKind) => WORDS[kind];

const IMAGE_KINDS: ReadonlySet<ContentKind> = new Set(['png', 'jpeg', 'webp', 'gif', 'avif', 'tiff', 'svg']);
export const isImageKind = (kind: ContentKind) => IMAGE_KINDS.has(kind);

const isMpegFrame = (bytes: Buffer) => bytes.length >= 4 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0;

/**
 * UTF-16 text with its byte order mark (Excel's "Unicode text"). Its BOM FF FE also reads as an MPEG audio
 * frame header, so the bytes after it decide: text decodes without a lone surrogate and has no control
 * character but tab and line breaks, which audio data does not within a few hundred bytes.
 */
function isUtf16Text(head: Buffer): boolean {
  const le = head[0] === 0xff && head[1] === 0xfe;
  if (!le && !(head[0] === 0xfe && head[1] === 0xff)) return false;
  const body = head.subarray(2, 2 + Math.min(2048, (head.length - 2) & ~1));
  try {
    const text = new TextDecoder(le ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(body, {
      stream: true,
    });
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** Text: a UTF-16 byte order mark, or no NUL byte at all in what was read. */
function isText(head: Buffer): boolean {
  if (head.length === 0) return false;
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return true;
  return !head.includes(0);
}

/** XML: text whose first thing, after a byte order mark and white space, is a tag or a declaration. */
function isXml(head: Buffer): boolean {
  const text = head.toString('utf8', 0, 1024).replace(/^\ufeff/, '');
  return /^\s*<[?!A-Za-z_]/.test(text);
}

/** What the bytes are, from their start (give at least SNIFF_BYTES when there are that many); null: unknown. */
export function sniffContent(head: Buffer): ContentKind | null {
  const image = sniffFormat(head);
  if (image) return image;
  const tag = head.toString('latin1', 0, 12);
  if (tag.startsWith('\x00\x01\x00\x00') || tag.startsWith('true')) return 'ttf';
  if (tag.startsWith('OTTO')) return 'otf';
  if (tag.startsWith('wOFF')) return 'woff';
  if (tag.startsWith('wOF2')) return 'woff2';
  if (tag.startsWith('ttcf')) return 'ttc';
  if (isUtf16Text(head)) return 'text';
  if (tag.startsWith('ID3') || isMpegFrame(head)) return 'mp3';
  if (tag.startsWith('RIFF') && tag.slice(8, 12) === 'WAVE') return 'wav';
  if (tag.slice(4, 8) === 'ftyp') return 'mp4';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (tag.startsWith('PK\x03\x04')) return 'zip';
  if (tag.startsWith('%PDF')) return 'pdf';
  if (!isText(head)) return null;
  return isXml(head) ? 'xml' : 'text';
}

/** The kinds each declared content type stands for. */
const KINDS_OF_TYPE: Readonly<Record<string, readonly ContentKind[]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpeg'],
  'image/webp': ['webp'],
  'image/svg+xml': ['svg'],
  // A .ttf holding CFF outlines, or a .otf holding TrueType ones, is common and both read the same.
  'font/ttf': ['ttf', 'otf'],
  'font/otf': ['ttf', 'otf'],
  'application/font-sfnt': ['ttf', 'otf'],
  'font/woff': ['woff'],
  'font/woff2': ['woff2'],
  'audio/mpeg': ['mp3'],
  'audio/wav': ['wav'],
  'audio/x-wav': ['wav'],
  'audio/mp4': ['mp4'],
  'audio/x-m4a': ['mp4'],
  'text/csv': ['text'],
  'text/plain': ['text'],
  'text/tab-separated-values': ['text'],
  // Windows names a .csv so when Excel is installed; a mislabelled .xlsx (a ZIP) is read as well.
  'application/vnd.ms-excel': ['text', 'zip'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['zip'],
  'application/xml': ['xml'],
  'text/xml': ['xml'],
  'application/rss+xml': ['xml'],
  'application/atom+xml': ['xml'],
  'application/json': ['text'],
  'application/x-ndjson': ['text'],
  'application/jsonl': ['text'],
  'application/gzip': ['gzip'],
  'application/x-gzip': ['gzip'],
};

/** application/octet-stream, where an upload type allows it: whatever that type reads. */
const OCTET_STREAM_KINDS: Partial<Readonly<Record<UploadType, readonly ContentKind[]>>> = {
  BRAND_KIT_FONT: ['ttf', 'otf', 'woff', 'woff2'],
  CATALOG_FILE: ['text', 'xml', 'gzip'],
  AD_PERFORMANCE_FILE: ['text', 'zip'],
};

/**
 * Upload types whose reader tells the user more than this check can: an Ads Manager export that is in
 * fact a web page (HTML, which sniffs as XML) reaches the importer, which says it is a web page and what
 * to export instead, rather than "an XML document" here.
 */
const ALSO_XML_WHEN_TEXT: ReadonlySet<UploadType> = new Set(['AD_PERFORMANCE_FILE']);

/** The kinds an upload of `uploadType` declared as `contentType` may hold (empty: none). */
export function kindsFor(uploadType: UploadType, contentType: string): readonly ContentKind[] {
  const kinds =
    contentType === 'application/octet-stream'
      ? (OCTET_STREAM_KINDS[uploadType] ?? [])
      : (KINDS_OF_TYPE[contentType] ?? []);
  if (ALSO_XML_WHEN_TEXT.has(uploadType) && kinds.includes('text') && !kinds.includes('xml'))
    return [...kinds, 'xml'];
  return kinds;
}

/** The content type a checked file is stored and served with, from what it is. */
const STORED_TYPE: Partial<Readonly<Record<ContentKind, string>>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'audio/mp4',
  gzip: 'application/gzip',
};

/**
 * The content type to keep: the one of what the bytes are (so a font declared as application/octet-stream
 * is kept as font/woff2), or for text and XML, whose variants the bytes cannot tell apart, the declared one.
 */
export function storedContentType(kind: ContentKind, declared: string): string {
  const type = STORED_TYPE[kind];
  if (type) return type;
  if (declared !== 'application/octet-stream') return declared;
  if (kind === 'zip') return 'application/zip';
  return kind === 'xml' ? 'application/xml' : 'text/plain';
}
