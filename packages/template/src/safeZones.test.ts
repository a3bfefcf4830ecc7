import { describe, expect, it } from 'vitest';
import { insideSafeZone, safeZoneArea } from './safeZones.js';

const story = { width: 1080, height: 1920 };

describe('safeZoneArea', () => {
  it('META_REEL keeps 14% of the top, 35% of the bottom and 6% of each side free', () => {
    // 0.14 × 1920 = 268.8 → 269; 0.35 × 1920 = 672; 0.06 × 1080 = 64.8 → 65.
    expect(safeZoneArea('META_REEL', story)).toEqual({ left: 65, top: 269, width: 950, height: 979 });
  });

  it('scales the fractions to a canvas of another size', () => {
    expect(safeZoneArea('META_STORY', { width: 540, height: 960 })).toEqual({
      left: 0,
      top: 134,
      width: 540,
      height: 634,
    });
  });
});

describe('insideSafeZone', () => {
  it('takes a rectangle inside the area (edges included) and refuses one that crosses it', () => {
    expect(insideSafeZone('META_REEL', story, { left: 65, top: 269, width: 950, height: 979 })).toBe(true);
    expect(insideSafeZone('META_REEL', story, { left: 100, top: 300, width: 400, height: 100 })).toBe(true);
    expect(insideSafeZone('META_REEL', story, { left: 100, top: 1500, width: 400, height: 100 })).toBe(false);
    expect(insideSafeZone('META_REEL', story, { left: 40, top: 300, width: 400, height: 100 })).toBe(false);
    expect(insideSafeZone('META_REEL', story, { left: 100, top: 200, width: 400, height: 100 })).toBe(false);
  });
});
