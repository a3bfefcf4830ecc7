import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeRaster, rasterise } from './rasterise.js';

const halfOrange =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#ff8000" fill-opacity="0.5"/></svg>';

describe('rasterise and encode', () => {
  it('keeps semi-transparent colours right in transparent PNG and WebP output', async () => {
    const raster = await rasterise(halfOrange, undefined);
    for (const format of ['png', 'webp'] as const) {
      const encoded = await encodeRaster(raster, format, 100);
      const { data } = await sharp(encoded).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const [r, g, b, a] = [...data.subarray(0, 4)];
      expect(a, format).toBeGreaterThanOrEqual(126);
      expect(a, format).toBeLessThanOrEqual(129);
      expect(r, format).toBeGreaterThanOrEqual(250);
      expect(Math.abs(g! - 128), format).toBeLessThanOrEqual(4);
      expect(b, format).toBeLessThanOrEqual(4);
    }
  });

  it('flattens JPEG output on white', async () => {
    const raster = await rasterise(halfOrange, undefined);
    const { data } = await sharp(await encodeRaster(raster, 'jpeg', 100))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThanOrEqual(250);
    expect(Math.abs(data[1]! - 191)).toBeLessThanOrEqual(4);
    expect(Math.abs(data[2]! - 127)).toBeLessThanOrEqual(4);
  });
});
