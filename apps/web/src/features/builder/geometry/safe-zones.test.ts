import { describe, expect, it } from 'vitest';
import { SAFE_ZONE_INSETS, SAFE_ZONE_TYPES, safeZone } from './safe-zones';
import type { Rect } from './types';

const story = { width: 1080, height: 1920 };

describe('SAFE_ZONE_TYPES', () => {
  it("offers the spec's four overlays", () =>
    expect(SAFE_ZONE_TYPES).toEqual(['TIKTOK', 'SNAPCHAT', 'META_STORY', 'META_REEL']));
});

describe('safeZone on a 1080 × 1920 canvas (the published figures)', () => {
  it('TIKTOK keeps 150 at the top, 450 at the bottom, 40 on the left and 140 on the right', () => {
    expect(safeZone('TIKTOK', story)).toEqual({
      safe: { left: 40, top: 150, width: 900, height: 1320 },
      unsafe: [
        { left: 0, top: 0, width: 1080, height: 150 },
        { left: 0, top: 1470, width: 1080, height: 450 },
        { left: 0, top: 150, width: 40, height: 1320 },
        { left: 940, top: 150, width: 140, height: 1320 },
      ],
    });
  });

  it('SNAPCHAT keeps 150 at the top and the bottom, and no side bands', () => {
    expect(safeZone('SNAPCHAT', story)).toEqual({
      safe: { left: 0, top: 150, width: 1080, height: 1620 },
      unsafe: [
        { left: 0, top: 0, width: 1080, height: 150 },
        { left: 0, top: 1770, width: 1080, height: 150 },
      ],
    });
  });

  it('META_STORY keeps 14% at the top (268.8 → 269) and 20% at the bottom (384)', () => {
    expect(safeZone('META_STORY', story)).toEqual({
      safe: { left: 0, top: 269, width: 1080, height: 1267 },
      unsafe: [
        { left: 0, top: 0, width: 1080, height: 269 },
        { left: 0, top: 1536, width: 1080, height: 384 },
      ],
    });
  });

  it('META_REEL keeps 14% at the top, 35% at the bottom (672) and 6% on each side (64.8 → 65)', () => {
    expect(safeZone('META_REEL', story)).toEqual({
      safe: { left: 65, top: 269, width: 950, height: 979 },
      unsafe: [
        { left: 0, top: 0, width: 1080, height: 269 },
        { left: 0, top: 1248, width: 1080, height: 672 },
        { left: 0, top: 269, width: 65, height: 979 },
        { left: 1015, top: 269, width: 65, height: 979 },
      ],
    });
  });
});

describe('safeZone on other canvas sizes', () => {
  it('scales a smaller 9:16 canvas in proportion', () => {
    expect(safeZone('TIKTOK', { width: 540, height: 960 }).safe).toEqual({
      left: 20,
      top: 75,
      width: 450,
      height: 660,
    });
  });

  it('scales the width and the height of a non-9:16 canvas independently', () => {
    // Square: the vertical bands follow the height (150 × 1080 / 1920 = 84.375 → 84, 253.125 → 253), the
    // side bands the width (40 and 140, unchanged).
    expect(safeZone('TIKTOK', { width: 1080, height: 1080 }).safe).toEqual({
      left: 40,
      top: 84,
      width: 900,
      height: 743,
    });
    // Landscape reel: 14% and 35% of 1080 (151.2 → 151, 378), 6% of 1920 (115.2 → 115).
    expect(safeZone('META_REEL', { width: 1920, height: 1080 }).safe).toEqual({
      left: 115,
      top: 151,
      width: 1690,
      height: 551,
    });
  });

  it('covers every canvas exactly once: the bands and the safe area tile it without overlapping', () => {
    const area = (r: Rect) => r.width * r.height;
    const overlaps = (a: Rect, b: Rect) =>
      a.left < b.left + b.width &&
      b.left < a.left + a.width &&
      a.top < b.top + b.height &&
      b.top < a.top + a.height;
    for (const type of SAFE_ZONE_TYPES) {
      for (const canvas of [
        story,
        { width: 50, height: 50 },
        { width: 3000, height: 777 },
        { width: 333, height: 3000 },
      ]) {
        const { safe, unsafe } = safeZone(type, canvas);
        const pieces = [safe, ...unsafe];
        expect(pieces.reduce((sum, r) => sum + area(r), 0)).toBe(canvas.width * canvas.height);
        for (const [i, a] of pieces.entries()) {
          for (const b of pieces.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
          expect(a.left).toBeGreaterThanOrEqual(0);
          expect(a.top).toBeGreaterThanOrEqual(0);
          expect(a.left + a.width).toBeLessThanOrEqual(canvas.width);
          expect(a.top + a.height).toBeLessThanOrEqual(canvas.height);
        }
      }
    }
  });
});

describe('SAFE_ZONE_INSETS', () => {
  it('keeps the figures as fractions of the 1080 × 1920 frame', () => {
    expect(SAFE_ZONE_INSETS.TIKTOK.top * 1920).toBe(150);
    expect(SAFE_ZONE_INSETS.TIKTOK.bottom * 1920).toBe(450);
    expect(SAFE_ZONE_INSETS.SNAPCHAT.bottom * 1920).toBe(150);
    expect(SAFE_ZONE_INSETS.META_STORY).toEqual({ top: 0.14, right: 0, bottom: 0.2, left: 0 });
    expect(SAFE_ZONE_INSETS.META_REEL).toEqual({ top: 0.14, right: 0.06, bottom: 0.35, left: 0.06 });
  });
});
