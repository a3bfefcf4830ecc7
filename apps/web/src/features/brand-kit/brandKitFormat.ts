/** Pure helpers of the brand kit screen (no React, no DOM). */
import { FONT_WEIGHT_NAMES, parseFontWeight } from '@adloom/template';
import type { BrandKitKind, BrandKitLimit } from './brandKit';

/** How people call each kind, one and many. */
export const KIND_WORDS: Readonly<Record<BrandKitKind, readonly [string, string]>> = {
  COLOR: ['colour', 'colours'],
  FONT: ['font', 'fonts'],
  LOGO: ['logo', 'logos'],
  GUIDE: ['guide', 'guides'],
  AUDIO: ['audio track', 'audio tracks'],
  DISCLAIMER: ['disclaimer', 'disclaimers'],
};

/** The kinds with a file, what they accept, and the content type to declare for each extension. */
export const FILE_KINDS = {
  FONT: {
    uploadType: 'BRAND_KIT_FONT',
    accept: '.ttf,.otf,.woff,.woff2',
    formats: 'TTF, OTF, WOFF or WOFF2',
    types: { ttf: 'font/ttf', otf: 'font/otf', woff: 'font/woff', woff2: 'font/woff2' },
  },
  LOGO: {
    uploadType: 'BRAND_KIT_LOGO',
    accept: '.png,.jpg,.jpeg,.svg',
    formats: 'PNG, JPEG or SVG',
    types: { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', svg: 'image/svg+xml' },
  },
  AUDIO: {
    uploadType: 'BRAND_KIT_AUDIO',
    accept: '.mp3,.wav,.m4a',
    formats: 'MP3, WAV or M4A',
    types: { mp3: 'audio/mpeg', wav: 'audio/wav', m4a: 'audio/mp4' },
  },
} as const;

export type FileKind = keyof typeof FILE_KINDS;

/**
 * The content type to upload a file with, from its extension; null when the kind does not take files
 * ending so. The server reads the file itself, so this only has to satisfy the upload policy.
 */
export function fileContentType(kind: FileKind, fileName: string): string | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const types: Readonly<Record<string, string>> = FILE_KINDS[kind].types;
  return Object.hasOwn(types, extension) ? types[extension]! : null;
}

/** The words of a full kind, as the server says them. */
export function limitMessage(kind: BrandKitKind, max: number): string {
  return `The brand kit can hold at most ${max} ${KIND_WORDS[kind][1]}. Delete one to add another.`;
}

/** '3 of 5 logos'. */
export function formatUsage(limit: Pick<BrandKitLimit, 'type' | 'count' | 'maxItems'>): string {
  return `${limit.count} of ${limit.maxItems} ${KIND_WORDS[limit.type][1]}`;
}

/** '10 MB', '1.5 MB', '600 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
  const mb = bytes / 1024 / 1024;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** An audio length as a player shows it: '0:03', '2:05', '1:02:03'. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The files that fit in the room a kind has left, and how many did not. */
export function filesThatFit<T>(files: readonly T[], limit: Pick<BrandKitLimit, 'count' | 'maxItems'>) {
  const room = Math.max(0, limit.maxItems - limit.count);
  return { fitting: files.slice(0, room), refused: Math.max(0, files.length - room) };
}

/** The name of a logo or audio track made from its file: the file name without its extension. */
export function nameFromFileName(fileName: string): string {
  return fileName.replace(/\.[^./\\]*$/, '').trim();
}

/** A font file's face as read by the server, named as spec section 9 names weights: '700 Bold Italic'. */
export function fontFaceLabel(font: { weight: number; style: string }): string {
  const known = parseFontWeight(font.weight);
  const weight = known === undefined ? String(font.weight) : `${known} ${FONT_WEIGHT_NAMES[known]}`;
  return font.style === 'italic' ? `${weight} Italic` : weight;
}
