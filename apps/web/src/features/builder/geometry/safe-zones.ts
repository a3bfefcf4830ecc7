/**
 * The builder's safe-zone overlay (spec section 2): it shades the rectangles a network's interface covers
 * on top of the canvas; it is editor-only and never part of the template, the thumbnail or a download.
 * The zones themselves (figures, sources, rounding) are @adloom/template's `safeZones`, the one rule the
 * server's creative features read too.
 */
import { SAFE_ZONE_INSETS, SAFE_ZONE_TYPES, safeZoneArea, type SafeZoneType } from '@adloom/template';
import type { Rect, Size } from './types';

export { SAFE_ZONE_INSETS, SAFE_ZONE_TYPES, type SafeZoneType };

/** What the menu shows for each (the types stay the spec's names everywhere else). */
export const SAFE_ZONE_LABELS: Readonly<Record<SafeZoneType, string>> = {
  TIKTOK: 'TikTok',
  SNAPCHAT: 'Snapchat',
  META_STORY: 'Meta Story',
  META_REEL: 'Meta Reel',
};

/** The overlay for one network on one canvas: the safe area, and the unsafe bands to shade around it. */
export interface SafeZonePlan {
  readonly safe: Rect;
  /** Top and bottom bands across the whole width, then left and right bands between them; none overlap. */
  readonly unsafe: readonly Rect[];
}

/** The safe and unsafe rectangles of a network's safe zone on a canvas of the given size. */
export function safeZone(type: SafeZoneType, canvas: Size): SafeZonePlan {
  const safe = safeZoneArea(type, canvas);
  const { top, left } = safe;
  const bottom = top + safe.height;
  const right = left + safe.width;
  const middle = safe.height;
  // Bands that do not overlap, so that a translucent shade is equally dark everywhere.
  const unsafe: Rect[] = [
    { left: 0, top: 0, width: canvas.width, height: top },
    { left: 0, top: bottom, width: canvas.width, height: canvas.height - bottom },
    { left: 0, top, width: left, height: middle },
    { left: right, top, width: canvas.width - right, height: middle },
  ];
  return { safe, unsafe: unsafe.filter((r) => r.width > 0 && r.height > 0) };
}
