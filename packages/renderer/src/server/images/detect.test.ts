import { describe, expect, it } from 'vitest';
import { inspectImage, isSvgDocument, sniffFormat } from './detect.js';
import { shortenUrl } from '@adloom/net/url-text';
import { formatBytes, formatMegapixels, ImageLoadError } from './errors.js';
import { animatedGif, crc32, pngClaiming, rotatedJpeg, solidImage, SVG_LOGO } from './test/fixtures.js';

const subject = { source: 'https://cdn.example/a' };

describe('sniffFormat', () => {
  it.each(['png', 'jpeg', 'webp', 'gif', 'avif', 'tiff'] as const)(
    'recognises %s by its magic number',
    async (format) => {
      expect(sniffFormat(await solidImage(format, 8, 8))).toBe(format);
    },
  );

  it('recognises SVG by its root element', () => {
    expect(sniffFormat(Buffer.from(SVG_LOGO))).toBe('svg');
  });

  it('knows nothing from too few bytes, and does not throw', () => {
    expect(sniffFormat(Buffer.alloc(0))).toBeUndefined();
    expect(sniffFormat(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(sniffFormat(Buffer.from('RIFF'))).toBeUndefined();
    expect(sniffFormat(new Uint8Array([0, 0, 0, 8, 0x66, 0x74]))).toBeUndefined();
  });

  it('does not take other ISO-BMFF files (HEIC, MP4) for AVIF', () => {
    const box = (major: string, compatible: string) => {
      const bytes = Buffer.alloc(24);
      bytes.writeUInt32BE(24, 0);
      bytes.write(`ftyp${major}`, 4, 'latin1');
      bytes.write(compatible, 16, 'latin1');
      return bytes;
    };
    expect(sniffFormat(box('heic', 'mif1heic'))).toBeUndefined();
    expect(sniffFormat(box('isom', 'mp41iso2'))).toBeUndefined();
    expect(sniffFormat(box('mif1', 'avifmiaf'))).toBe('avif');
  });
});

describe('isSvgDocument', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';

  it.each([
    ['a bare root', svg],
    ['a byte-order mark', `\ufeff${svg}`],
    ['leading whitespace and an XML declaration', `  \n<?xml version="1.0"?>\n${svg}`],
    ['comments and a processing instruction', `<!-- a > b --><?xml-stylesheet href="x.css"?>${svg}`],
    ['a doctype', `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/svg11.dtd">${svg}`],
    ['a doctype with an internal subset', `<!DOCTYPE svg [ <!ENTITY a "<b>"> ]>${svg}`],
    ['a namespace prefix', '<svg:svg xmlns:svg="http://www.w3.org/2000/svg"></svg:svg>'],
  ])('accepts %s', (_name, text) => {
    expect(isSvgDocument(Buffer.from(text))).toBe(true);
  });

  it.each([
    ['HTML with an inline svg', `<!DOCTYPE html><html><body>${svg}</body></html>`],
    ['another XML root', '<?xml version="1.0"?><feed><svg/></feed>'],
    ['an element that only starts with svg', '<svgfoo/>'],
    ['plain text', 'svg'],
    ['an unterminated comment', `<!-- ${svg}`],
  ])('refuses %s', (_name, text) => {
    expect(isSvgDocument(Buffer.from(text))).toBe(false);
  });
});

describe('inspectImage', () => {
  it('reads the size as displayed, after the EXIF orientation', async () => {
    const image = await inspectImage(await rotatedJpeg(), 'jpeg', 1e6, subject);
    expect(image).toMatchObject({ format: 'jpeg', width: 20, height: 40, frames: 1 });
  });

  it('keeps only the first frame of an animation', async () => {
    const image = await inspectImage(await animatedGif(), 'gif', 1e6, subject);
    expect(image).toMatchObject({ format: 'png', width: 20, height: 10, frames: 2 });
    expect(sniffFormat(image.bytes)).toBe('png');
  });

  it('refuses a header over the pixel limit without decoding', async () => {
    const bomb = pngClaiming(60_000, 60_000);
    expect(bomb.length).toBeLessThan(2048);
    await expect(inspectImage(bomb, 'png', 50_000_000, subject)).rejects.toMatchObject({
      code: 'TOO_MANY_PIXELS',
      message:
        'Image https://cdn.example/a is 60000 × 60000 pixels, more than the limit of 50 megapixels; use a smaller image',
    });
  });

  it('lets a header at the limit through', async () => {
    const image = await inspectImage(pngClaiming(1000, 50), 'png', 50_000, subject);
    expect(image).toMatchObject({ width: 1000, height: 50 });
  });

  it('refuses bytes that only look like an image', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(40, 7),
    ]);
    const error = await inspectImage(fake, 'png', 1e6, subject).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageLoadError);
    expect((error as ImageLoadError).code).toBe('NOT_AN_IMAGE');
    expect((error as Error).message).toMatch(
      /^Image https:\/\/cdn\.example\/a is not a readable PNG image: /,
    );
  });
});

describe('errors', () => {
  it('shortens long URLs to 200 characters', () => {
    const long = `https://cdn.example/${'a'.repeat(400)}.png`;
    expect(shortenUrl(long)).toHaveLength(200);
    expect(shortenUrl(long).endsWith('…')).toBe(true);
    const error = new ImageLoadError('TOO_LARGE', { source: long }, 'is larger than 25 MB');
    expect(error.message).toBe(`Image ${shortenUrl(long)} is larger than 25 MB`);
    expect(error.url).toBe(long);
    expect(error.name).toBe('ImageLoadError');
    const data = `data:image/png;base64,${'A'.repeat(400)}`;
    expect(shortenUrl(data)).toBe(`${data.slice(0, 59)}…`);
  });

  it('writes sizes for people', () => {
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(300 * 1024)).toBe('300 KB');
    expect(formatBytes(12)).toBe('12 bytes');
    expect(formatMegapixels(50_000_000)).toBe('50 megapixels');
  });

  it('computes the PNG CRC of the test fixtures correctly', () => {
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
  });
});
