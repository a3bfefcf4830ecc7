/** Pure formatting helpers of the template screens (no React, no DOM). */

/** The spec's limit on template names (section 9). */
export const MAX_TEMPLATE_NAME_LENGTH = 100;
/** The spec's default template name (section 3). */
export const DEFAULT_TEMPLATE_NAME = 'New Template';

const relativeTime = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago `iso` was, in words: 'just now', '3 minutes ago', '2 days ago'. */
export function formatTimeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  // A clock slightly ahead of the server's must not say 'in 2 seconds'.
  if (seconds < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relativeTime.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** A template's canvas size as people write it: '1080 × 1080'. */
export function formatTemplateSize(width: number, height: number): string {
  return `${width} × ${height}`;
}

/** '1 image slot', '3 image slots'. */
export function formatSlotCount(count: number): string {
  return `${count} image ${count === 1 ? 'slot' : 'slots'}`;
}

/**
 * The name of a template imported from a file: the file name without its extension, trimmed and cut to
 * the 100 characters the spec allows; the default name when nothing is left.
 */
export function templateNameFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[^./\\]*$/, '').trim();
  const chars = Array.from(base);
  const name = chars.slice(0, MAX_TEMPLATE_NAME_LENGTH).join('').trim();
  return name === '' ? DEFAULT_TEMPLATE_NAME : name;
}

/** True for a file that looks like an SVG by its type or its name. */
export function isSvgFile(file: { name: string; type: string }): boolean {
  return file.type === 'image/svg+xml' || /\.svg$/i.test(file.name);
}

/**
 * The address a stored upload is served at by the embedded file store (`GET /files/{key}`), each path
 * segment encoded as the server's `fileUrl` does.
 */
export function storedFileUrl(key: string): string {
  return `/files/${key.split('/').map(encodeURIComponent).join('/')}`;
}

interface SlotFeature {
  key: string;
  value: string;
}

const featureValue = (features: readonly SlotFeature[], key: string) =>
  features.find((feature) => feature.key === key)?.value;

/** 'Contain' when the slot fits its image inside, 'Cover' when the image fills it (spec section 3). */
export function slotFit(features: readonly SlotFeature[]): 'Contain' | 'Cover' {
  return featureValue(features, 'isContain') === 'true' ? 'Contain' : 'Cover';
}

const capitalised = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();

/** 'Image', 'Slideshow' or 'Video'. */
export function formatSlotType(type: string): string {
  return capitalised(type);
}

/** The slot's image alignment, horizontal then vertical: 'Center, Middle' (the spec's defaults). */
export function slotAlignment(features: readonly SlotFeature[]): string {
  const horizontal = featureValue(features, 'horizontalAlignment') ?? 'CENTER';
  const vertical = featureValue(features, 'verticalAlignment') ?? 'MIDDLE';
  return `${capitalised(horizontal)}, ${capitalised(vertical)}`;
}

/** Items grouped under their group's label, groups and items in the order first seen. */
export function groupBy<T>(items: readonly T[], label: (item: T) => string): { label: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = label(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return [...groups].map(([key, list]) => ({ label: key, items: list }));
}

/** Version numbers by version id, to say which version another was restored from. */
export function versionNumbers(versions: readonly { id: string; number: number }[]): Map<string, number> {
  return new Map(versions.map((version) => [version.id, version.number]));
}
