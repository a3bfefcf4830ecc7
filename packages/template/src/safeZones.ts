/**
 * Safe zones (spec section 2): where each network's own interface (profile, captions, buttons, call to
 * action) covers a full-screen 9:16 ad, so text and logos should stay out. One rule for the builder's
 * overlay (apps/web builder/geometry/safe-zones.ts draws it) and the server's creative features (a template
 * whose texts and logo keep inside Meta's Reel zone has the `safe_zone` feature).
 *
 * The figures are the networks' published guidance for a 1080 × 1920 frame, kept as fractions of that
 * frame. A canvas of another size gets the same fractions of its own width (for the left and right bands)
 * and height (for the top and bottom bands), independently: on a non-9:16 canvas that is a stretched 9:16
 * zone, an approximation, since the networks only publish 9:16 zones. Edges are rounded to whole canvas
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

/** The networks whose safe zones are known, in the builder's menu order. */
export const SAFE_ZONE_TYPES = ['TIKTOK', 'SNAPCHAT', 'META_STORY', 'META_REEL'] as const;
export type SafeZoneType = (typeof SAFE_ZONE_TYPES)[number];

/** The reference frame the networks publish their zones for. */
export const SAFE_ZONE_FRAME = { width: 1080, height: 1920 } as const;

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

/** An axis-aligned rectangle in canvas units. */
export interface SafeZoneRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** The area of a canvas that a network's interface leaves free, in whole canvas units. */
export function safeZoneArea(type: SafeZoneType, canvas: { width: number; height: number }): SafeZoneRect {
  const insets = SAFE_ZONE_INSETS[type];
  const top = Math.round(insets.top * canvas.height);
  const bottom = canvas.height - Math.round(insets.bottom * canvas.height);
  const left = Math.round(insets.left * canvas.width);
  const right = canvas.width - Math.round(insets.right * canvas.width);
  return { left, top, width: right - left, height: bottom - top };
}

/** True when `rect` lies wholly inside the network's safe area of the canvas (edges touching count as inside). */
export function insideSafeZone(
  type: SafeZoneType,
  canvas: { width: number; height: number },
  rect: SafeZoneRect,
): boolean {
  const area = safeZoneArea(type, canvas);
  return (
    rect.left >= area.left &&
    rect.top >= area.top &&
    rect.left + rect.width <= area.left + area.width &&
    rect.top + rect.height <= area.top + area.height
  );
}
