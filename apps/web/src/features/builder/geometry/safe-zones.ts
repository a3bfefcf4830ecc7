/**
 * Safe zones (spec section 2): where each network's own interface (profile, captions, buttons, call to
 * action) covers a full-screen 9:16 ad, so text and logos should stay out. The overlay shades the unsafe
 * rectangles on top of the canvas; it is editor-only and never part of the template, the thumbnail or a
 * download.
 *
 * The figures are the networks' published guidance for a 1080 × 1920 frame, kept as fractions of that
 * frame. A canvas of another size gets the same fractions of its own width (for the left and right bands)
 * and height (for the top and bottom bands), independently: on a non-9:16 canvas that is a stretched 9:16
 * overlay, an approximation, since the networks only publish 9:16 zones. Edges are rounded to whole canvas
 * units so that the rectangles meet exactly.
 *
 * Sources, read 2026-11-21 (networks move their interfaces; check again when they do):
 * - TIKTOK: TikTok publishes its in-feed safe zone only as overlay images (ads.tiktok.com help article
 *   10002742, "TikTok Auction In-Feed Ads", updated Oct 2024). The pixel figures measured from them and
 *   repeated by ad vendors' spec sheets (2026): top 150 px (status bar, Following / For You), bottom 450 px
 *   (caption, music, call to action), right 140 px (like, comment, share, profile column), left 40 px, a
 *   safe box of 900 × 1320 at (40, 150). Vendors differ by ten or so pixels (adfuseai.com: bottom 440,
 *   right 150).
 * - SNAPCHAT: Snap Ads "Creative Guidelines & Specs": avoid logos and text within 150 px of the top (brand
 *   name and headline) and of the bottom (call to action, "AD" slug) of the 1080 × 1920 canvas; agencies'
 *   current Snapchat spec pages repeat the 150 px.
 * - META_STORY: Meta Ads Guide, Facebook Stories: leave roughly 14% of the top and 20% of the bottom free
 *   of text and logos. Its pixel hints ("250 px", "340 px") are not those percentages of 1920; we follow
 *   the percentages, which the other Meta pages and vendors use.
 * - META_REEL: Meta's Reels guidance as published in agencies' spec pages (2026): keep 14% of the top, 35%
 *   of the bottom and 6% of each side free.
 */
import type { Rect, Size } from './types';

/** The safe-zone overlays the builder offers, in menu order. */
export const SAFE_ZONE_TYPES = ['TIKTOK', 'SNAPCHAT', 'META_STORY', 'META_REEL'] as const;
export type SafeZoneType = (typeof SAFE_ZONE_TYPES)[number];

/** What the menu shows for each (the types stay the spec's names everywhere else). */
export const SAFE_ZONE_LABELS: Readonly<Record<SafeZoneType, string>> = {
  TIKTOK: 'TikTok',
  SNAPCHAT: 'Snapchat',
  META_STORY: 'Meta Story',
  META_REEL: 'Meta Reel',
};

/** The reference frame the networks publish their zones for. */
export const SAFE_ZONE_FRAME: Size = { width: 1080, height: 1920 };

/** How much of each side a network's interface covers, as a fraction of the frame's width or height. */
export interface SafeZoneInsets {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

const { width: W, height: H } = SAFE_ZONE_FRAME;

/** The published zones (see the sources above) as fractions of a 1080 × 1920 frame. */
export const SAFE_ZONE_INSETS: Readonly<Record<SafeZoneType, SafeZoneInsets>> = {
  TIKTOK: { top: 150 / H, right: 140 / W, bottom: 450 / H, left: 40 / W },
  SNAPCHAT: { top: 150 / H, right: 0, bottom: 150 / H, left: 0 },
  META_STORY: { top: 0.14, right: 0, bottom: 0.2, left: 0 },
  META_REEL: { top: 0.14, right: 0.06, bottom: 0.35, left: 0.06 },
};

/** The overlay for one network on one canvas: the safe area, and the unsafe bands to shade around it. */
export interface SafeZonePlan {
  readonly safe: Rect;
  /** Top and bottom bands across the whole width, then left and right bands between them; none overlap. */
  readonly unsafe: readonly Rect[];
}

/** The safe and unsafe rectangles of a network's safe zone on a canvas of the given size. */
export function safeZone(type: SafeZoneType, canvas: Size): SafeZonePlan {
  const insets = SAFE_ZONE_INSETS[type];
  const top = Math.round(insets.top * canvas.height);
  const bottom = canvas.height - Math.round(insets.bottom * canvas.height);
  const left = Math.round(insets.left * canvas.width);
  const right = canvas.width - Math.round(insets.right * canvas.width);
  const middle = bottom - top;
  // Bands that do not overlap, so that a translucent shade is equally dark everywhere.
  const unsafe: Rect[] = [
    { left: 0, top: 0, width: canvas.width, height: top },
    { left: 0, top: bottom, width: canvas.width, height: canvas.height - bottom },
    { left: 0, top, width: left, height: middle },
    { left: right, top, width: canvas.width - right, height: middle },
  ];
  return {
    safe: { left, top, width: right - left, height: middle },
    unsafe: unsafe.filter((r) => r.width > 0 && r.height > 0),
  };
}
