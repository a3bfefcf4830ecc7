import { imageFeatureIds } from '@adloom/commerce';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageStats, ImageStatsError } from './image-stats.js';

const SIZE = 1080;

const plain = (color: string) =>
  sharp({ create: { width: SIZE, height: SIZE, channels: 3, background: color } });

/** Black type on white, rendered by sharp (librsvg) from SVG: five lines of a sale headline. */
function textImage() {
  const lines = [
    'SUMMER SALE -50%',
    'Free shipping on all',
    'orders over 50 EUR',
    'Shop the new season',
    'now at our store',
  ];
  const body = lines
    .map(
      (line, i) =>
        `<text x="60" y="${150 + i * 90}" font-family="DejaVu Sans, sans-serif" font-size="56" fill="#000">${line}</text>`,
    )
    .join('');
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}"><rect width="${SIZE}" height="${SIZE}" fill="#fff"/>${body}</svg>`,
    ),
  );
}

/** A photo-like picture: soft gradients, shapes with edges, and grain. */
async function photoImage() {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">` +
      '<defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#87b5e0"/><stop offset="1" stop-color="#2c5d2a"/></linearGradient>' +
      '<radialGradient id="sun"><stop offset="0" stop-color="#f4d9b0"/><stop offset="1" stop-color="#5a3b22"/></radialGradient></defs>' +
      `<rect width="${SIZE}" height="${SIZE}" fill="url(#sky)"/><circle cx="540" cy="600" r="300" fill="url(#sun)"/>` +
      '<rect x="100" y="100" width="200" height="300" rx="40" fill="#c03030"/><ellipse cx="800" cy="250" rx="160" ry="90" fill="#f0f0f0"/></svg>',
  );
  const grain = await sharp({
    create: {
      width: SIZE,
      height: SIZE,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(
    await sharp(svg)
      .composite([{ input: grain, blend: 'soft-light' }])
      .png()
      .toBuffer(),
  );
}

describe('imageStats', () => {
  it('measures a plain dark image as dark, without contrast or text', async () => {
    const stats = await imageStats(await plain('#141414').jpeg().toBuffer());
    expect(stats).toMatchObject({ width: SIZE, height: SIZE, textCoverage: 0 });
    expect(stats.brightness).toBeCloseTo(0x14 / 255, 2);
    expect(stats.contrast).toBeLessThan(0.01);
    expect(stats.dominantColors[0]!.share).toBeGreaterThan(0.99);
    expect(imageFeatureIds(stats)).toEqual(['dark', 'low_contrast', 'text_light', 'dominant_color_black']);
  });

  it('finds the colour of a red image, PNG as JPEG', async () => {
    for (const bytes of [await plain('#d01818').png().toBuffer(), await plain('#d01818').jpeg().toBuffer()]) {
      const stats = await imageStats(bytes);
      expect(stats.dominantColors[0]!.hex).toMatch(/^#(c|d)[0-9a-f]1[0-9a-f]1[0-9a-f]$/);
      expect(imageFeatureIds(stats)).toContain('dominant_color_red');
      expect(imageFeatureIds(stats)).not.toContain('dominant_color_black');
    }
  });

  it('estimates the text of a page of type, and finds more text there than in a photo', async () => {
    const text = await imageStats(await textImage().png().toBuffer());
    const photo = await imageStats(await photoImage().then((image) => image.jpeg().toBuffer()));
    // Five lines across half the width take about a fifth of the frame (cells with type, as Meta's grid counted).
    expect(text.textCoverage).toBeGreaterThan(0.08);
    expect(text.textCoverage).toBeLessThan(0.4);
    expect(photo.textCoverage).toBeLessThan(0.02);
    expect(text.textCoverage).toBeGreaterThan(photo.textCoverage);
    expect(text.brightness).toBeGreaterThan(0.9);
    expect(imageFeatureIds(text)).toContain('bright');
    expect(imageFeatureIds(photo)).toContain('text_light');
  });

  it('keeps the size as displayed: an EXIF-rotated portrait is portrait', async () => {
    const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2050c0' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await imageStats(bytes)).toMatchObject({ width: 600, height: 800 });
  });

  it('keeps transparent parts white (as a feed shows them on white)', async () => {
    const bytes = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect((await imageStats(bytes)).brightness).toBeGreaterThan(0.99);
  });

  it('refuses bytes that are not an image with a sentence', async () => {
    await expect(imageStats(Buffer.from('<html>not found</html>'))).rejects.toThrow(ImageStatsError);
    await expect(imageStats(Buffer.from('<html>not found</html>'))).rejects.toThrow(/could not be read/);
  });
});
