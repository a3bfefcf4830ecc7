import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageLoadError } from '../server/images/errors.js';
import { animatedGif, pngBomb, pngClaiming, rotatedJpeg } from '../server/images/test/fixtures.js';
import { readImageSize } from './image-size.js';
import { checkImagePixels, decodeDataUrl, MAX_IMAGE_PIXELS, tooManyPixelsError } from './pixel-limit.js';

const subject = { source: 'https://cdn.example/a' };
const flat = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: '#c82a5a' } });
const svgBytes = (text: string) => new TextEncoder().encode(text);
const dataUrl = (type: string, bytes: Uint8Array) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

function refusal(run: () => unknown): ImageLoadError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImageLoadError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('readImageSize', () => {
  it('reads the size every raster format declares, as sharp reads it', async () => {
    const images: [string, Buffer][] = [
      ['PNG', await flat(31, 17).png().toBuffer()],
      ['PNG palette + alpha', await flat(31, 17, 4).png({ palette: true }).toBuffer()],
      ['JPEG', await flat(31, 17).jpeg().toBuffer()],
      [
        'progressive JPEG with EXIF',
        await flat(31, 17).jpeg({ progressive: true }).withMetadata().toBuffer(),
      ],
      ['WebP lossy', await flat(31, 17).webp().toBuffer()],
      ['WebP lossless', await flat(31, 17).webp({ lossless: true }).toBuffer()],
      ['WebP with alpha (VP8X)', await flat(31, 17, 4).webp().toBuffer()],
      ['GIF', await flat(31, 17).gif().toBuffer()],
      ['AVIF', await flat(32, 18).avif().toBuffer()],
      ['TIFF', await flat(31, 17).tiff().toBuffer()],
      ['TIFF LZW', await flat(31, 17).tiff({ compression: 'lzw' }).toBuffer()],
    ];
    for (const [name, bytes] of images) {
      const { width, height, format } = await sharp(bytes).metadata();
      expect(readImageSize(bytes), name).toMatchObject({ width, height });
      expect(readImageSize(bytes)?.format, name).toBe(format === 'heif' ? 'avif' : format);
    }
  });

  it('reads the stored size of a rotated JPEG and the canvas of an animation', async () => {
    expect(readImageSize(await rotatedJpeg())).toEqual({ format: 'jpeg', width: 40, height: 20 });
    expect(readImageSize(await animatedGif())).toEqual({ format: 'gif', width: 20, height: 10 });
  });

  it('widens a GIF to a frame that is larger than its logical screen', async () => {
    const gif = Buffer.from(await flat(40, 30).gif().toBuffer());
    gif.writeUInt16LE(4, 6); // the logical screen now claims 4 × 3; the frame still is 40 × 30
    gif.writeUInt16LE(3, 8);
    expect(readImageSize(gif)).toEqual({ format: 'gif', width: 40, height: 30 });
  });

  it('reads the header of a bomb without its pixels', () => {
    expect(readImageSize(pngClaiming(60_000, 60_000))).toEqual({
      format: 'png',
      width: 60_000,
      height: 60_000,
    });
  });

  it.each([
    ['width and height', '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>', 120, 40],
    ['units', '<svg width="2in" height="10mm" viewBox="0 0 1 1"/>', 192, 38],
    ['the viewBox alone', '<svg viewBox="0 0 300 150"/>', 300, 150],
    ['a percentage of the viewBox', '<svg width="50%" height="100%" viewBox="0 0 300 150"/>', 150, 150],
    ['one side and the viewBox shape', '<svg width="600" viewBox="0 0 300 150"/>', 600, 300],
    ['nothing (as resvg: 100 × 100)', '<?xml version="1.0"?>\n<!-- c --><svg/>', 100, 100],
    [
      'single quotes and a prefix',
      "<svg:svg xmlns:svg='http://www.w3.org/2000/svg' width='7' height='9'>",
      7,
      9,
    ],
  ])('reads an SVG size from %s', (_name, text, width, height) => {
    expect(readImageSize(svgBytes(text))).toEqual({ format: 'svg', width, height });
  });

  it('reads nothing from other bytes or a damaged header', () => {
    expect(readImageSize(svgBytes('<html><svg/></html>'))).toBeUndefined();
    expect(readImageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeUndefined();
    expect(readImageSize(pngClaiming(0, 10))).toBeUndefined();
  });
});

describe('checkImagePixels', () => {
  it(`is ${MAX_IMAGE_PIXELS / 1e6} megapixels, shared by the server and the browser`, () => {
    expect(MAX_IMAGE_PIXELS).toBe(25_000_000);
  });

  it('refuses a 20000 × 20000 PNG from its header, naming the image and the limit', () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const error = refusal(() => checkImagePixels(bomb, subject));
    expect(error.code).toBe('TOO_MANY_PIXELS');
    expect(error.message).toBe(
      'Image https://cdn.example/a is 20000 × 20000 pixels, more than the limit of 25 megapixels; use a smaller image',
    );
  });

  it('accepts an image at the limit and refuses one pixel more', () => {
    expect(checkImagePixels(pngClaiming(5000, 5000), subject)).toEqual({
      format: 'png',
      width: 5000,
      height: 5000,
    });
    expect(refusal(() => checkImagePixels(pngClaiming(5000, 5000), subject, 5000 * 5000 - 1)).code).toBe(
      'TOO_MANY_PIXELS',
    );
  });

  it('refuses what has no size to judge', () => {
    expect(refusal(() => checkImagePixels(svgBytes('<html/>'), subject)).message).toBe(
      'Image https://cdn.example/a has no size in its header (expected a PNG, JPEG, GIF, WebP, AVIF, TIFF or SVG image)',
    );
  });

  it('refuses an SVG declared too large to draw, by its size or its viewBox', () => {
    for (const svg of ['<svg width="20000" height="20000"/>', '<svg viewBox="0 0 100000 100000"/>']) {
      expect(refusal(() => checkImagePixels(svgBytes(svg), subject)).code).toBe('TOO_MANY_PIXELS');
    }
  });

  it('refuses an SVG that carries a bomb inside, however the data: URL is written', () => {
    const bomb = pngClaiming(20_000, 20_000);
    const url = dataUrl('image/png', bomb);
    const inside = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="${url}"/></svg>`,
      `<svg width="10" height="10"><image xlink:href='${url.replace('base64,', 'base64,\n  ')}'/></svg>`,
      `<svg width="10" height="10"><image href="${url.replace(';', '&#59;')}"/></svg>`,
      `<svg width="10" height="10"><style>.a{background:url(${url})}</style></svg>`,
      `<svg width="10" height="10"><image href="data:image/svg+xml,${encodeURIComponent(
        `<svg width="1" height="1"><image href="${url}"/></svg>`,
      )}"/></svg>`,
    ];
    for (const svg of inside) {
      const error = refusal(() => checkImagePixels(svgBytes(svg), { source: 'logo.svg' }));
      expect(error.code, svg.slice(0, 80)).toBe('TOO_MANY_PIXELS');
      expect(error.message).toBe(
        'Image logo.svg contains an image of 20000 × 20000 pixels, more than the limit of 25 megapixels; use a smaller image',
      );
    }
  });

  it('counts the images inside an SVG together', () => {
    const image = `<image href="${dataUrl('image/png', pngClaiming(4000, 4000))}"/>`;
    const svg = (count: number) => svgBytes(`<svg width="10" height="10">${image.repeat(count)}</svg>`);
    expect(checkImagePixels(svg(1), subject)).toMatchObject({ format: 'svg' });
    expect(refusal(() => checkImagePixels(svg(2), subject)).message).toBe(
      'Image https://cdn.example/a contains images of 32 megapixels in all, more than the limit of 25 megapixels; use a smaller image',
    );
  });

  it('ignores data: URLs that hold no image, and refuses an image it cannot size', () => {
    const font = `<style>@font-face{src:url(data:font/woff;base64,d09GRgABAAA=)}</style>`;
    expect(checkImagePixels(svgBytes(`<svg width="9" height="9">${font}</svg>`), subject)).toMatchObject({
      width: 9,
    });
    const bmp = `<image href="data:image/bmp;base64,Qk0AAAAA"/>`;
    expect(
      refusal(() => checkImagePixels(svgBytes(`<svg width="9" height="9">${bmp}</svg>`), subject)).code,
    ).toBe('NOT_AN_IMAGE');
  });

  it('writes the limit for people, also when it is small', () => {
    expect(tooManyPixelsError(subject, { width: 30, height: 20 }, 100).message).toBe(
      'Image https://cdn.example/a is 30 × 20 pixels, more than the limit of 100 pixels; use a smaller image',
    );
  });
});

describe('decodeDataUrl', () => {
  it('decodes base64 (with whitespace or base64url) and percent-encoded data', () => {
    expect(decodeDataUrl('data:image/png;base64,AAEC\n/w==')).toEqual({
      mediaType: 'image/png',
      bytes: new Uint8Array([0, 1, 2, 255]),
    });
    expect(decodeDataUrl('data:;base64,AAEC_w')?.bytes).toEqual(new Uint8Array([0, 1, 2, 255]));
    expect(decodeDataUrl('data:image/svg+xml,%3Csvg%2F%3E%FF')?.bytes).toEqual(
      new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0x2f, 0x3e, 0xff]),
    );
    expect(decodeDataUrl('https://cdn.example/a.png')).toBeUndefined();
  });
});
