/** Image features from the measures of an image's pixels: pure thresholds (thresholds.ts). */
import { COLOR_NAMES, IMAGE_THRESHOLDS as T, type ColorName } from './thresholds.js';

/** What the pixels of a creative measure (the server's sharp-based `imageStats`; stored per creative). */
export interface ImageStats {
  width: number;
  height: number;
  /** Mean luma, 0 (black) to 1 (white). */
  brightness: number;
  /** RMS contrast: the standard deviation of luma, 0 to 0.5. */
  contrast: number;
  /** Estimated share of the frame covered by text, 0 to 1. */
  textCoverage: number;
  /** The main colours, largest share first (hex and share of the frame). */
  dominantColors: { hex: string; share: number }[];
}

/** Hue (degrees), saturation and lightness (0..1) of a #rrggbb colour; null when it is not one. */
export function hexToHsl(hex: string): { h: number; s: number; l: number } | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = parseInt(match[1]!, 16);
  const r = ((value >> 16) & 255) / 255;
  const g = ((value >> 8) & 255) / 255;
  const b = (value & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}

/**
 * The everyday name of a colour, from hue, saturation and lightness: near-black and near-white first, then
 * greys (little saturation), browns (dark oranges and reds), light reds as pink, then hue ranges.
 */
export function colorName(hex: string): ColorName | null {
  const hsl = hexToHsl(hex);
  if (!hsl) return null;
  const { h, s, l } = hsl;
  if (l < 0.12) return 'black';
  if (l > 0.94) return 'white';
  if (s < 0.15) return l < 0.2 ? 'black' : l > 0.85 ? 'white' : 'grey';
  if (h >= 10 && h < 50 && l < 0.42) return 'brown';
  if (h < 15 || h >= 345) return l > 0.75 ? 'pink' : 'red';
  if (h < 40) return 'orange';
  if (h < 70) return 'yellow';
  if (h < 165) return 'green';
  if (h < 195) return 'teal';
  if (h < 255) return 'blue';
  if (h < 290) return 'purple';
  return 'pink';
}

/** The image features of measured pixels, in the order of CREATIVE_FEATURES. */
export function imageFeatureIds(stats: ImageStats): string[] {
  const ids: string[] = [];
  if (stats.brightness >= T.bright) ids.push('bright');
  if (stats.brightness <= T.dark) ids.push('dark');
  if (stats.contrast >= T.highContrast) ids.push('high_contrast');
  if (stats.contrast <= T.lowContrast) ids.push('low_contrast');
  if (stats.textCoverage >= T.textHeavy) ids.push('text_heavy');
  if (stats.textCoverage < T.textLight) ids.push('text_light');
  const shares = new Map<ColorName, number>();
  for (const { hex, share } of stats.dominantColors) {
    const name = colorName(hex);
    if (name) shares.set(name, (shares.get(name) ?? 0) + share);
  }
  for (const name of COLOR_NAMES)
    if ((shares.get(name) ?? 0) >= T.dominantColorShare) ids.push(`dominant_color_${name}`);
  return ids;
}
