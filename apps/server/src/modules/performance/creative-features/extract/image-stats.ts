/**
 * What the pixels of a creative measure (issue 19): brightness, contrast, dominant colours and the share of
 * the frame covered by text, for the image features of @adloom/commerce (imageFeatureIds).
 *
 * The image is decoded once by sharp, shrunk on load to a working size (long side WORKING_SIZE: JPEG and
 * WebP decode at 1/2, 1/4 or 1/8 scale directly), flattened onto white and read as 8-bit sRGB; the rest is
 * plain loops over those ~65,000 pixels.
 *
 * - Brightness: mean luma (Rec. 709 weights on the sRGB values), 0 black … 1 white.
 * - Contrast: RMS contrast, the standard deviation of luma (0 … 0.5).
 * - Dominant colours: pixels counted in 4-bit-per-channel buckets (4,096), buckets merged greedily, largest
 *   first, into the cluster whose mean colour is within MERGE_DISTANCE, the five largest clusters kept with
 *   their share of the frame.
 * - Text coverage, an estimate: the frame is cut into CELL × CELL cells; a cell looks like text when it
 *   has (1) a middling density of strong luma edges (glyph outlines; a flat area has none, grain or
 *   noise has edges everywhere), (2) a strongly bimodal luma (ink on a ground: most of its variance is
 *   between two levels far apart) and (3) strokes in both directions (its rows and its columns cross the
 *   ink level repeatedly, where a single object edge crosses once). Text runs in lines, so a text-like cell
 *   counts only beside another one on its row, and a cell between two counts too (the space between
 *   words); an inked cell (a few ink edges) above or below a counted one holds the rest of its letters
 *   and counts too. The coverage is the share of cells that count, as Meta's old 20 % text rule counted grid cells
 *   with text. It finds
 *   set type of ordinary sizes (a caption to a headline); a very large display letter reads as shapes.
 */
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '@adloom/renderer/pixel-limit';
import type { StoredImageStats } from '../../../../db/schema.js';

/** Long side of the working copy, in pixels. */
export const WORKING_SIZE = 256;
const CELL = 8;
/** A luma step between neighbours that counts as an edge. */
const EDGE_STEP = 0.2;
/** Share of a cell's pixels on an edge: text sits between a flat area and noise. */
const EDGE_DENSITY = { min: 0.1, max: 0.9 } as const;
/** Share of edge pixels of a cell that holds some ink (the top or bottom of a line of letters). */
const INKED_DENSITY = 0.03;
/** Between-class share of a cell's luma variance, and the gap between the two levels. */
const BIMODAL_SHARE = 0.7;
const BIMODAL_GAP = 0.3;
/**
 * Mean crossings of the ink level per row and per column, each and together: a straight or diagonal
 * object edge crosses once per row or column (2 together at most), glyphs more often.
 */
const ROW_CROSSINGS = 0.75;
const COLUMN_CROSSINGS = 0.5;
const CROSSINGS = 2;
/** Buckets within this RGB distance (0 … 255 scale) of a cluster's mean join it. */
const MERGE_DISTANCE = 48;
const DOMINANT_COLORS = 5;

/** Thrown for bytes sharp cannot read as an image. */
export class ImageStatsError extends Error {
  override name = 'ImageStatsError';
}

/** Decodes the image once at working size; throws ImageStatsError when it is not a readable image. */
async function decodeSmall(bytes: Buffer) {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true, failOn: 'error' })
      .autoOrient()
      .resize({ width: WORKING_SIZE, height: WORKING_SIZE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImageStatsError(`The image could not be read (${reason.split('\n')[0]}).`, { cause: error });
  }
}

/** The size as displayed (after the EXIF orientation), from the header. */
async function displaySize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  const { width = 0, height = 0 } = meta.autoOrient ?? meta;
  return { width, height };
}

/** Measures an image's pixels (see the file's comment for the methods). */
export async function imageStats(bytes: Buffer): Promise<StoredImageStats> {
  const { data, info } = await decodeSmall(bytes);
  const size = await displaySize(bytes);
  const { width, height, channels } = info;
  const count = width * height;
  const luma = new Float32Array(count);
  let sum = 0;
  let sumSquares = 0;
  const bucketCount = new Uint32Array(4096);
  const bucketSum = new Float64Array(4096 * 3);
  for (let i = 0, p = 0; i < count; i += 1, p += channels) {
    const r = data[p]!;
    const g = data[p + 1]!;
    const b = data[p + 2]!;
    const y = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    luma[i] = y;
    sum += y;
    sumSquares += y * y;
    const bucket = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    bucketCount[bucket]! += 1;
    bucketSum[bucket * 3]! += r;
    bucketSum[bucket * 3 + 1]! += g;
    bucketSum[bucket * 3 + 2]! += b;
  }
  const brightness = sum / count;
  const contrast = Math.sqrt(Math.max(0, sumSquares / count - brightness * brightness));
  return {
    width: size.width || width,
    height: size.height || height,
    brightness: round(brightness),
    contrast: round(contrast),
    textCoverage: round(textCoverage(luma, width, height)),
    dominantColors: dominantColors(bucketCount, bucketSum, count),
  };
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

interface Cluster {
  count: number;
  r: number;
  g: number;
  b: number;
}

function dominantColors(
  bucketCount: Uint32Array,
  bucketSum: Float64Array,
  total: number,
): StoredImageStats['dominantColors'] {
  const buckets: number[] = [];
  for (let i = 0; i < bucketCount.length; i += 1) if (bucketCount[i]! > 0) buckets.push(i);
  buckets.sort((a, b) => bucketCount[b]! - bucketCount[a]!);
  const clusters: Cluster[] = [];
  for (const bucket of buckets) {
    const n = bucketCount[bucket]!;
    const r = bucketSum[bucket * 3]! / n;
    const g = bucketSum[bucket * 3 + 1]! / n;
    const b = bucketSum[bucket * 3 + 2]! / n;
    let nearest: Cluster | undefined;
    let best = MERGE_DISTANCE * MERGE_DISTANCE;
    for (const cluster of clusters) {
      const d = (cluster.r - r) ** 2 + (cluster.g - g) ** 2 + (cluster.b - b) ** 2;
      if (d <= best) {
        best = d;
        nearest = cluster;
      }
    }
    if (nearest) {
      const merged = nearest.count + n;
      nearest.r = (nearest.r * nearest.count + r * n) / merged;
      nearest.g = (nearest.g * nearest.count + g * n) / merged;
      nearest.b = (nearest.b * nearest.count + b * n) / merged;
      nearest.count = merged;
    } else clusters.push({ count: n, r, g, b });
  }
  return clusters
    .sort((a, b) => b.count - a.count)
    .slice(0, DOMINANT_COLORS)
    .map((c) => ({ hex: hex(c.r, c.g, c.b), share: round(c.count / total) }));
}

const hex = (...channels: number[]) =>
  `#${channels
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const PLAIN = 0;
/** Some ink edges, not enough to look like text alone: the top or bottom of a line of text, or anything. */
const INKED = 1;
const TEXT_LIKE = 2;

/** How much the cell at (cx, cy) looks like text (criteria 1–3 of the file's comment). */
function cellLevel(luma: Float32Array, width: number, height: number, cx: number, cy: number): number {
  const x0 = cx * CELL;
  const y0 = cy * CELL;
  let sum = 0;
  let sumSquares = 0;
  let edges = 0;
  for (let y = y0; y < y0 + CELL; y += 1) {
    for (let x = x0; x < x0 + CELL; x += 1) {
      const i = y * width + x;
      const v = luma[i]!;
      sum += v;
      sumSquares += v * v;
      const dx = x + 1 < width ? Math.abs(luma[i + 1]! - v) : 0;
      const dy = y + 1 < height ? Math.abs(luma[i + width]! - v) : 0;
      if (dx > EDGE_STEP || dy > EDGE_STEP) edges += 1;
    }
  }
  const n = CELL * CELL;
  const density = edges / n;
  if (density < INKED_DENSITY || density > EDGE_DENSITY.max) return PLAIN;
  const mean = sum / n;
  const variance = sumSquares / n - mean * mean;
  if (variance <= 0) return PLAIN;
  // Two levels split at the mean: their gap and the share of the variance it explains.
  let low = 0;
  let lowCount = 0;
  let high = 0;
  for (let y = y0; y < y0 + CELL; y += 1)
    for (let x = x0; x < x0 + CELL; x += 1) {
      const v = luma[y * width + x]!;
      if (v < mean) {
        low += v;
        lowCount += 1;
      } else high += v;
    }
  const highCount = n - lowCount;
  if (lowCount === 0 || highCount === 0) return PLAIN;
  const gap = high / highCount - low / lowCount;
  const between = (lowCount / n) * (highCount / n) * gap * gap;
  if (gap < BIMODAL_GAP) return PLAIN;
  if (density < EDGE_DENSITY.min || between / variance < BIMODAL_SHARE) return INKED;
  let rowCrossings = 0;
  let columnCrossings = 0;
  for (let k = 0; k < CELL; k += 1) {
    for (let j = 1; j < CELL; j += 1) {
      const row = (y0 + k) * width + x0;
      if (luma[row + j - 1]! < mean !== luma[row + j]! < mean) rowCrossings += 1;
      const column = x0 + k;
      if (luma[(y0 + j - 1) * width + column]! < mean !== luma[(y0 + j) * width + column]! < mean)
        columnCrossings += 1;
    }
  }
  return rowCrossings / CELL >= ROW_CROSSINGS &&
    columnCrossings / CELL >= COLUMN_CROSSINGS &&
    (rowCrossings + columnCrossings) / CELL > CROSSINGS
    ? TEXT_LIKE
    : INKED;
}

function textCoverage(luma: Float32Array, width: number, height: number): number {
  const columns = Math.floor(width / CELL);
  const rows = Math.floor(height / CELL);
  if (columns === 0 || rows === 0) return 0;
  const level = new Uint8Array(columns * rows);
  for (let cy = 0; cy < rows; cy += 1)
    for (let cx = 0; cx < columns; cx += 1) level[cy * columns + cx] = cellLevel(luma, width, height, cx, cy);
  const like = (cx: number, cy: number) => cx >= 0 && cx < columns && level[cy * columns + cx] === TEXT_LIKE;
  // Along rows: a text-like cell beside another, or the gap between two (the space between words).
  const line = new Uint8Array(columns * rows);
  for (let cy = 0; cy < rows; cy += 1)
    for (let cx = 0; cx < columns; cx += 1) {
      const left = like(cx - 1, cy);
      const right = like(cx + 1, cy);
      line[cy * columns + cx] = (like(cx, cy) ? left || right : left && right) ? 1 : 0;
    }
  // Across rows: an inked cell above or below a line's cell holds the rest of its letters.
  let text = 0;
  for (let cy = 0; cy < rows; cy += 1)
    for (let cx = 0; cx < columns; cx += 1) {
      const i = cy * columns + cx;
      const grown =
        level[i] === INKED &&
        ((cy > 0 && line[i - columns] === 1) || (cy + 1 < rows && line[i + columns] === 1));
      if (line[i] || grown) text += 1;
    }
  return text / (columns * rows);
}
