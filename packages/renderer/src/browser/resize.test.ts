import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { logoImage, quadrantImage } from '../server/test/images.js';
import { jpegShrinkOnLoad, sharpLikePipeline } from './resize.js';

/** Compares the browser's arithmetic with sharp on the same decoded pixels. */
async function compare(bytes: Buffer, width: number, height: number, blurSigma?: number) {
  const metadata = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const actual = sharpLikePipeline(
    { data: new Uint8ClampedArray(data), width: info.width, height: info.height },
    {
      width,
      height,
      alphaChannel: metadata.hasAlpha,
      jpeg: metadata.format === 'jpeg',
      ...(blurSigma === undefined ? {} : { blurSigma }),
    },
  );
  let pipeline = sharp(bytes).resize({ width, height, fit: 'fill' });
  if (blurSigma !== undefined) pipeline = pipeline.blur(blurSigma);
  const expected = await pipeline.ensureAlpha().raw().toBuffer();
  expect([actual.width, actual.height]).toEqual([width, height]);
  let max = 0;
  let beyond8 = 0;
  for (let i = 0; i < expected.length; i += 4) {
    let pixel = 0;
    for (let c = 0; c < 4; c += 1) pixel = Math.max(pixel, Math.abs(actual.data[i + c]! - expected[i + c]!));
    max = Math.max(max, pixel);
    if (pixel > 8) beyond8 += 1;
  }
  return { max, beyond8: beyond8 / (width * height) };
}

describe('sharpLikePipeline (the browser resize)', () => {
  it.each([
    ['a PNG with an alpha channel', () => quadrantImage(1200, 900, 'png'), 540, 405],
    ['a tall PNG', () => quadrantImage(600, 900, 'png'), 480, 720],
    ['a JPEG, shrink 2.25 (no shrink-on-load)', () => quadrantImage(900, 600, 'jpeg'), 400, 267],
    ['a JPEG, shrink 1.2', () => quadrantImage(1200, 900, 'jpeg'), 1000, 750],
    ['a transparent logo', () => logoImage(300, 100), 150, 50],
    ['a transparent logo, odd size', () => logoImage(300, 100), 200, 67],
    ['a PNG shrunk by 5 (block average first)', () => quadrantImage(2000, 1000, 'png'), 400, 200],
    ['one axis only', () => quadrantImage(800, 600, 'png'), 800, 300],
  ])('matches sharp.resize on %s, within 1/255', async (_name, make, width, height) => {
    expect((await compare(await make(), width, height)).max).toBeLessThanOrEqual(1);
  });

  it.each([
    ['a JPEG', () => quadrantImage(1000, 750, 'jpeg'), 351, 263, 5.16],
    ['a PNG with an alpha channel', () => quadrantImage(600, 900, 'png'), 351, 527, 6.9],
  ])('matches sharp.resize().blur() on %s, within 1/255', async (_name, make, width, height, sigma) => {
    expect((await compare(await make(), width, height, sigma)).max).toBeLessThanOrEqual(1);
  });

  it('follows sharp’s JPEG shrink-on-load closely (block averages stand in for libjpeg)', async () => {
    // libjpeg's exact factors (2, 4, 8) are halved: sharp leaves the rest to the resize.
    expect([1.9, 2, 2.5, 3, 4, 4.5, 8, 9].map(jpegShrinkOnLoad)).toEqual([1, 1, 1, 2, 2, 2, 4, 8]);
    for (const [width, height, blur] of [
      [500, 375, undefined],
      [351, 263, 5.16],
      [180, 135, undefined],
    ] as const) {
      const { beyond8 } = await compare(await quadrantImage(1600, 1200, 'jpeg'), width, height, blur);
      expect(beyond8, `${width} × ${height}`).toBeLessThan(0.005);
    }
  });
});
