import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { logoImage, quadrantImage } from '../server/test/images.js';
import { gaussianBlur, gaussianKernel, kernelArithmetic } from './blur.js';

/** RGBA pixels of an encoded image and whether sharp sees an alpha channel in it. */
async function decode(bytes: Buffer) {
  const alphaChannel = (await sharp(bytes).metadata()).hasAlpha;
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8ClampedArray(data), width: info.width, height: info.height, alphaChannel };
}

/** The largest channel difference. */
function maxDifference(a: Uint8ClampedArray, b: Uint8Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i += 1) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

describe('gaussianBlur (the browser blur)', () => {
  it('builds libvips integer kernels', () => {
    expect(gaussianKernel(0.3)).toEqual([20]);
    expect(gaussianKernel(1.1)).toEqual([13, 20, 13]);
    const wide = gaussianKernel(5.2);
    expect(wide).toHaveLength(19);
    expect(wide[9]).toBe(20);
    expect(wide).toEqual([...wide].reverse());
  });

  it('uses fixed-point weights that sum to about one', () => {
    const { weights, finish } = kernelArithmetic(gaussianKernel(12));
    expect(Math.abs(finish(255 * weights.reduce((a, b) => a + b, 0)) - 255)).toBeLessThanOrEqual(2);
    const identity = kernelArithmetic([20]);
    expect(identity.finish(identity.weights[0]! * 200)).toBe(200);
  });

  const cases: [string, () => Promise<Buffer>, number][] = [
    ['an opaque JPEG', () => quadrantImage(351, 263, 'jpeg'), 5.2],
    ['a narrow JPEG', () => quadrantImage(40, 300, 'jpeg'), 7.4],
    ['a JPEG, large sigma', () => quadrantImage(300, 300, 'jpeg'), 12],
    ['a JPEG, small sigma', () => quadrantImage(90, 90, 'jpeg'), 1.1],
    ['a PNG with an (opaque) alpha channel', () => quadrantImage(351, 263, 'png'), 12],
    ['a transparent logo', () => logoImage(240, 80), 3],
    ['a transparent logo, large sigma', () => logoImage(240, 80), 8],
  ];
  it.each(cases)('matches sharp.blur on %s', async (_name, make, sigma) => {
    const bytes = await make();
    const { pixels, width, height, alphaChannel } = await decode(bytes);
    const expected = await sharp(bytes).blur(sigma).ensureAlpha().raw().toBuffer();
    const actual = gaussianBlur(pixels, width, height, sigma, alphaChannel);
    expect(maxDifference(actual, expected)).toBe(0);
  });

  it('leaves the input untouched and flat colour flat', () => {
    const pixels = new Uint8ClampedArray(10 * 10 * 4).fill(77);
    const copy = pixels.slice();
    expect(gaussianBlur(pixels, 10, 10, 2, false)).toEqual(copy);
    expect(pixels).toEqual(copy);
  });
});
