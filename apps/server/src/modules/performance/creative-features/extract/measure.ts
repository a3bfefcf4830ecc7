/**
 * The extraction's cost on one 1080 × 1080 creative, for `npm run bench:creative-features`: the pixel
 * measures (decode at working size, brightness, contrast, colours, text estimate) and the feature rules,
 * on a JPEG and a PNG of a photo-like picture with a headline, as a generated creative looks.
 */
import { imageFeatureIds } from '@adloom/commerce';
import sharp, { type Sharp } from 'sharp';
import { imageStats } from './image-stats.js';

/** Milliseconds per creative, one sample per run, for each format; and the samples' sizes in bytes. */
export interface ExtractionMeasure {
  jpeg: number[];
  png: number[];
  bytes: { jpeg: number; png: number };
}

async function sampleCreative(): Promise<Sharp> {
  const size = 1080;
  const noise = await sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
      '<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#f2c28b"/>' +
      '<stop offset="1" stop-color="#2f5d8a"/></linearGradient></defs>' +
      `<rect width="${size}" height="${size}" fill="url(#g)"/>` +
      '<circle cx="540" cy="560" r="300" fill="#c0392b"/>' +
      '<rect x="60" y="60" width="960" height="140" fill="#ffffff"/>' +
      '<text x="90" y="160" font-family="DejaVu Sans" font-size="72" fill="#111">SUMMER SALE -30 %</text>' +
      '<text x="90" y="980" font-family="DejaVu Sans" font-size="48" fill="#fff">Free delivery, 129.00 EUR</text>' +
      '</svg>',
  );
  return sharp(
    await sharp(svg)
      .composite([{ input: noise, blend: 'soft-light' }])
      .png()
      .toBuffer(),
  );
}

/** Times the extraction of one 1080 × 1080 creative, JPEG and PNG (after `warmup` untimed runs of each). */
export async function measureExtraction(
  options: { runs?: number; warmup?: number } = {},
): Promise<ExtractionMeasure> {
  const runs = options.runs ?? 40;
  const warmup = options.warmup ?? 5;
  const base = await sampleCreative();
  const samples = {
    jpeg: await base.clone().jpeg({ quality: 90 }).toBuffer(),
    png: await base.clone().png().toBuffer(),
  };
  const time = async (bytes: Buffer): Promise<number[]> => {
    for (let i = 0; i < warmup; i += 1) imageFeatureIds(await imageStats(bytes));
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const start = performance.now();
      imageFeatureIds(await imageStats(bytes));
      times.push(performance.now() - start);
    }
    return times;
  };
  return {
    jpeg: await time(samples.jpeg),
    png: await time(samples.png),
    bytes: { jpeg: samples.jpeg.length, png: samples.png.length },
  };
}
