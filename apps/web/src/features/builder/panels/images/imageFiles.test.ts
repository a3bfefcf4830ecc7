import { describe, expect, it } from 'vitest';
import {
  MAX_PICTURE_BYTES,
  PICTURE_ACCEPT,
  containSize,
  expectedPictureSize,
  pictureBox,
  pictureEncoding,
  pictureName,
  pictureTypeOf,
  pixelLimitMessage,
  tooLargeMessage,
} from './imageFiles';

const square = { width: 1080, height: 1080 };

describe('pictureTypeOf', () => {
  it('takes PNG, JPEG, WebP, GIF and SVG by their type', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'])
      expect(pictureTypeOf({ type, name: 'x' })).toBe(type);
    expect(pictureTypeOf({ type: 'image/jpg', name: 'x' })).toBe('image/jpeg');
    expect(pictureTypeOf({ type: 'IMAGE/PNG', name: 'x' })).toBe('image/png');
  });

  it('reads the ending when the browser gives no type, and refuses anything else', () => {
    expect(pictureTypeOf({ type: '', name: 'Photo.JPEG' })).toBe('image/jpeg');
    expect(pictureTypeOf({ type: 'application/octet-stream', name: 'mark.svg' })).toBe('image/svg+xml');
    expect(pictureTypeOf({ type: '', name: 'scan.tiff' })).toBeNull();
    expect(pictureTypeOf({ type: '', name: 'no-ending' })).toBeNull();
    expect(pictureTypeOf({ type: 'image/tiff', name: 'scan.png' })).toBeNull();
    expect(pictureTypeOf({ type: 'image/heic', name: 'phone.heic' })).toBeNull();
  });

  it('offers the same types to the file chooser', () => {
    for (const accepted of ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml', '.jpg'])
      expect(PICTURE_ACCEPT.split(',')).toContain(accepted);
  });
});

describe('pictureEncoding', () => {
  it('scales a picture larger than the canvas down to fit, and a JPEG stays a JPEG', () => {
    expect(pictureEncoding('image/jpeg', { width: 2000, height: 1500 }, square)).toEqual({
      keep: false,
      width: 1080,
      height: 810,
      encodeAs: 'image/jpeg',
    });
  });

  it('makes every other picture larger than the canvas a PNG', () => {
    for (const type of ['image/png', 'image/webp', 'image/gif', 'image/svg+xml'] as const)
      expect(pictureEncoding(type, { width: 1500, height: 3000 }, square)).toEqual({
        keep: false,
        width: 540,
        height: 1080,
        encodeAs: 'image/png',
      });
  });

  it('keeps the bytes of a PNG or JPEG that fits, never scaling up', () => {
    expect(pictureEncoding('image/png', { width: 400, height: 300 }, square)).toEqual({
      keep: true,
      width: 400,
      height: 300,
      type: 'image/png',
    });
    expect(pictureEncoding('image/jpeg', square, square)).toEqual({
      keep: true,
      width: 1080,
      height: 1080,
      type: 'image/jpeg',
    });
  });

  it('draws a WebP, GIF or SVG that fits as a PNG at its own size (the renderer keeps no SVG)', () => {
    for (const type of ['image/webp', 'image/gif', 'image/svg+xml'] as const)
      expect(pictureEncoding(type, { width: 200, height: 100 }, square)).toEqual({
        keep: false,
        width: 200,
        height: 100,
        encodeAs: 'image/png',
      });
  });

  it('fits a custom canvas size', () => {
    expect(
      pictureEncoding('image/jpeg', { width: 2000, height: 1500 }, { width: 1000, height: 1500 }),
    ).toMatchObject({ width: 1000, height: 750 });
  });
});

describe('pictureBox', () => {
  it('centres a picture on the canvas', () => {
    expect(pictureBox({ width: 1080, height: 810 }, square)).toEqual({
      left: 0,
      top: 135,
      width: 1080,
      height: 810,
    });
    expect(pictureBox({ width: 201, height: 100 }, square)).toEqual({
      left: 440,
      top: 490,
      width: 201,
      height: 100,
    });
  });

  it('centres it on a drop point, moved inside the canvas', () => {
    expect(pictureBox({ width: 200, height: 100 }, square, { x: 300, y: 400 })).toEqual({
      left: 200,
      top: 350,
      width: 200,
      height: 100,
    });
    expect(pictureBox({ width: 200, height: 100 }, square, { x: 1070, y: 5 })).toEqual({
      left: 880,
      top: 0,
      width: 200,
      height: 100,
    });
  });
});

describe('expectedPictureSize and containSize', () => {
  it('expects a logo at its own size, scaled down to the canvas, or a square a third of the canvas', () => {
    expect(expectedPictureSize({ width: 400, height: 200 }, square)).toEqual({ width: 400, height: 200 });
    expect(expectedPictureSize({ width: 4000, height: 2000 }, square)).toEqual({ width: 1080, height: 540 });
    expect(expectedPictureSize({ width: null, height: 200 }, square)).toEqual({ width: 360, height: 360 });
    expect(expectedPictureSize(null, { width: 1080, height: 1920 })).toEqual({ width: 360, height: 360 });
  });

  it('fits a size into a box, up or down', () => {
    expect(containSize({ width: 400, height: 200 }, { width: 300, height: 300 })).toEqual({
      width: 300,
      height: 150,
    });
    expect(containSize({ width: 64, height: 128 }, { width: 300, height: 300 })).toEqual({
      width: 150,
      height: 300,
    });
  });
});

describe('pictureName and messages', () => {
  it('names the layer after the file', () => {
    expect(pictureName('Summer  sale.final.JPG')).toBe('Summer sale.final');
    expect(pictureName('.png')).toBe('Image');
    expect(pictureName('', 'Logo')).toBe('Logo');
  });

  it('says how large a picture is and what to do', () => {
    expect(tooLargeMessage('big.png', 5 * 1024 * 1024)).toBe(
      `‘big.png’ is 5.0 MB once fitted to the canvas, more than the ${(MAX_PICTURE_BYTES / 1024 / 1024).toFixed(1)} MB a picture may add to a template. Use a smaller picture, or a JPEG.`,
    );
  });
});

describe('pixelLimitMessage', () => {
  /** A PNG's first 33 bytes: the signature and an IHDR claiming width × height. */
  const pngHeader = (width: number, height: number) => {
    const bytes = new Uint8Array(33);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const view = new DataView(bytes.buffer);
    view.setUint32(16, width);
    view.setUint32(20, height);
    bytes.set([8, 2], 24);
    return bytes;
  };

  it("refuses a picture over the renderer's pixel limit from its header, in the renderer's words", () => {
    expect(pixelLimitMessage(pngHeader(20_000, 20_000), 'huge.png')).toBe(
      'Picture ‘huge.png’ is 20000 × 20000 pixels, more than the limit of 25 megapixels; use a smaller image.',
    );
  });

  it('lets a picture at the limit through', () => {
    expect(pixelLimitMessage(pngHeader(5000, 5000), 'photo.png')).toBeNull();
    expect(
      pixelLimitMessage(new TextEncoder().encode('<svg width="300" height="200"/>'), 'mark.svg'),
    ).toBeNull();
  });
});
