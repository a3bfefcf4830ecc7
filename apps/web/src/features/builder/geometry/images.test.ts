import { describe, expect, it } from 'vitest';
import {
  LAYER_THUMBNAIL_BASE,
  LAYER_THUMBNAIL_QUALITY,
  LAYER_THUMBNAIL_TYPE,
  SAVED_THUMBNAIL_MAX_SIDE,
  layerThumbnailSize,
  savedThumbnailSize,
  uploadedImagePlan,
  uploadedImageType,
} from './images';

const square = { width: 1080, height: 1080 };

describe('the spec constants', () => {
  it('caps the saved thumbnail at 1080 and bases layer thumbnails on 96, jpeg at quality 0.5', () => {
    expect(SAVED_THUMBNAIL_MAX_SIDE).toBe(1080);
    expect([LAYER_THUMBNAIL_BASE, LAYER_THUMBNAIL_TYPE, LAYER_THUMBNAIL_QUALITY]).toEqual([
      96,
      'image/jpeg',
      0.5,
    ]);
  });
});

describe('uploadedImagePlan', () => {
  it('keeps an image that fits the canvas as it is, never scaling it up', () => {
    expect(uploadedImagePlan({ width: 500, height: 300 }, square, 'image/png')).toEqual({
      scaled: false,
      width: 500,
      height: 300,
    });
    expect(uploadedImagePlan({ width: 1080, height: 1080 }, square, 'image/webp')).toEqual({
      scaled: false,
      width: 1080,
      height: 1080,
    });
  });

  it('scales a wider image down to the canvas width, keeping the aspect ratio', () => {
    expect(uploadedImagePlan({ width: 4000, height: 3000 }, square, 'image/jpeg')).toEqual({
      scaled: true,
      width: 1080,
      height: 810,
      type: 'image/jpeg',
    });
  });

  it('scales a taller image down to the canvas height', () => {
    expect(uploadedImagePlan({ width: 3000, height: 4000 }, square, 'image/png')).toEqual({
      scaled: true,
      width: 810,
      height: 1080,
      type: 'image/png',
    });
  });

  it('scales an image larger on one side only, to fit inside both', () => {
    // 1200 × 900 in 1080 × 1920: the width limits. 900 × 2000 in 1080 × 1920: the height limits.
    const story = { width: 1080, height: 1920 };
    expect(uploadedImagePlan({ width: 1200, height: 900 }, story, 'image/gif')).toEqual({
      scaled: true,
      width: 1080,
      height: 810,
      type: 'image/png',
    });
    expect(uploadedImagePlan({ width: 900, height: 2000 }, story, 'image/jpeg')).toEqual({
      scaled: true,
      width: 864,
      height: 1920,
      type: 'image/jpeg',
    });
  });

  it('rounds to whole pixels and keeps a sliver at least 1 pixel thick', () => {
    // 1001 × 1080 / 3000 = 360.36 → 360; 1003 × 1080 / 3000 = 361.08 → 361.
    expect(uploadedImagePlan({ width: 3000, height: 1001 }, square, 'image/png')).toMatchObject({
      width: 1080,
      height: 360,
    });
    expect(uploadedImagePlan({ width: 3000, height: 1003 }, square, 'image/png')).toMatchObject({
      width: 1080,
      height: 361,
    });
    expect(uploadedImagePlan({ width: 10000, height: 2 }, square, 'image/png')).toMatchObject({
      width: 1080,
      height: 1,
    });
  });

  it('takes the exact aspect ratio for an image of the canvas shape', () => {
    expect(
      uploadedImagePlan({ width: 2160, height: 3840 }, { width: 1080, height: 1920 }, 'image/png'),
    ).toEqual({
      scaled: true,
      width: 1080,
      height: 1920,
      type: 'image/png',
    });
  });
});

describe('uploadedImageType', () => {
  it('keeps jpeg as jpeg, however the browser spells it', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/pjpeg', 'IMAGE/JPEG', ' image/jpeg ']) {
      expect(uploadedImageType(type)).toBe('image/jpeg');
    }
  });
  it('turns everything else into png', () => {
    for (const type of [
      'image/png',
      'image/webp',
      'image/gif',
      'image/svg+xml',
      'image/avif',
      '',
      'image/jpeg2000',
    ]) {
      expect(uploadedImageType(type)).toBe('image/png');
    }
  });
});

describe('savedThumbnailSize', () => {
  it('keeps a canvas of 1080 or less on its long side as it is', () => {
    expect(savedThumbnailSize(square)).toEqual({ width: 1080, height: 1080, scale: 1 });
    expect(savedThumbnailSize({ width: 50, height: 700 })).toEqual({ width: 50, height: 700, scale: 1 });
  });
  it('scales a larger canvas down to 1080 on its long side', () => {
    expect(savedThumbnailSize({ width: 1080, height: 1920 })).toEqual({
      width: 608,
      height: 1080,
      scale: 0.5625,
    });
    expect(savedThumbnailSize({ width: 3000, height: 1500 })).toEqual({
      width: 1080,
      height: 540,
      scale: 1080 / 3000,
    });
    expect(savedThumbnailSize({ width: 3000, height: 50 })).toEqual({ width: 1080, height: 18, scale: 0.36 });
  });
});

describe('layerThumbnailSize', () => {
  it('scales a layer so that its long side is 96, down or up', () => {
    expect(layerThumbnailSize({ width: 1080, height: 540 })).toEqual({
      width: 96,
      height: 48,
      scale: 96 / 1080,
    });
    expect(layerThumbnailSize({ width: 24, height: 48 })).toEqual({ width: 48, height: 96, scale: 2 });
  });
  it('keeps a line at least 1 pixel thick, and an empty layer at 1 × 1', () => {
    expect(layerThumbnailSize({ width: 400, height: 0 })).toEqual({ width: 96, height: 1, scale: 0.24 });
    expect(layerThumbnailSize({ width: 0, height: 0 })).toEqual({ width: 1, height: 1, scale: 1 });
  });
});
