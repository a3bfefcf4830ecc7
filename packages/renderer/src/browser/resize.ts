/**
 * The server's image shrinking in plain TypeScript, for the browser. The server shrinks with sharp:
 * `resize({ width, height, fit: 'fill' })` is libvips's `vips_resize` with the lanczos3 kernel. A canvas
 * (or createImageBitmap) resize is another filter and differs on every edge of a picture, so the browser
 * repeats libvips's arithmetic (resize.test.ts checks it against sharp):
 *
 * - an image with an alpha channel is premultiplied first (truncated to 8 bits) and unpremultiplied at
 *   the end, after the optional blur, as sharp's pipeline does; one without keeps its alpha at 255;
 * - a JPEG shrunk by 2 or more is first decoded smaller (libjpeg's shrink-on-load, 1/2, 1/4 or 1/8): the
 *   browser cannot decode that way and averages blocks of pixels instead, which is close, not exact;
 * - `vips_resize`: rows first (`reducev`), then columns (`reduceh`); a factor of 4 or more first averages
 *   whole blocks (`shrinkv`/`shrinkh`, the "gap" of 2), the rest is lanczos3 with centre alignment, edge
 *   pixels copied outwards, 64 sub-pixel phases and 12-bit fixed-point weights, as the vector path does.
 */
import { blurChannels } from './blur.js';

/** Straight RGBA pixels. */
export interface RgbaPixels {
  data: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
}

/** What sharp's pipeline is asked to do. */
export interface SharpLikeOptions {
  /** Shrink to exactly this size (`fit: 'fill'`); never larger than the image. */
  width?: number;
  height?: number;
  /** Then blur like `blur(sigma)` (from 0.3). */
  blurSigma?: number;
  /** The source has an alpha channel (as sharp says): premultiply around resizing and blurring. */
  alphaChannel: boolean;
  /** The source is a JPEG: shrinks by 2 or more start with shrink-on-load. */
  jpeg?: boolean;
}

const TRANSFORM_SCALE = 64;
const INTERPOLATE_SHIFT = 12;
const INTERPOLATE_SCALE = 1 << INTERPOLATE_SHIFT;

const sinc = (x: number) => (x === 0 ? 1 : Math.sin(x * Math.PI) / (x * Math.PI));
const lanczos3 = (x: number) => (x >= -3 && x <= 3 ? sinc(x) * sinc(x / 3) : 0);

/** libvips's `vips_reduce_get_points` for lanczos3. */
const reducePoints = (shrink: number) => 2 * Math.round(3 * shrink) + 1;

/** The fixed-point masks of every sub-pixel phase (`vips_reduce_make_mask`, then `(short)(c × 4096)`). */
function reduceMasks(points: number, shrink: number): Int32Array[] {
  const masks: Int32Array[] = [];
  for (let phase = 0; phase <= TRANSFORM_SCALE; phase += 1) {
    const half = phase / TRANSFORM_SCALE + points / 2 - 1;
    const weights = Array.from({ length: points }, (_, i) => lanczos3((i - half) / shrink));
    const sum = weights.reduce((total, weight) => total + weight, 0);
    masks.push(Int32Array.from(weights, (weight) => Math.trunc((weight / sum) * INTERPOLATE_SCALE)));
  }
  return masks;
}

/** A new RGBA buffer, opaque where the channels are not written. */
const opaquePixels = (width: number, height: number) =>
  new Uint8ClampedArray(width * height * 4).fill(255) as Uint8ClampedArray<ArrayBuffer>;

/**
 * For each output sample: where its taps start in the input, clamped to the edges (libvips embeds the
 * image with its edge pixels copied outwards, which is the same).
 */
function tapIndex(first: number, count: number, last: number): Int32Array {
  const index = new Int32Array(count);
  for (let k = 0; k < count; k += 1) index[k] = Math.min(last, Math.max(0, first + k));
  return index;
}

/** How each output sample of one axis is made: input positions and fixed-point weights. */
interface AxisPlan {
  length: number;
  taps: Int32Array[];
  weights: Int32Array[];
  /** Added before the shift (rounding), and the shift. */
  round: number;
  shift: number;
  /** For box averages: divide instead of shifting. */
  divide?: number;
}

/** `vips_shrinkv`/`vips_shrinkh` with `ceil`: averages of `factor` samples, the last block padded by copying. */
function shrinkPlan(inLength: number, factor: number): AxisPlan {
  const length = Math.ceil(inLength / factor);
  const ones = new Int32Array(factor).fill(1);
  return {
    length,
    taps: Array.from({ length }, (_, at) => tapIndex(at * factor, factor, inLength - 1)),
    weights: Array.from({ length }, () => ones),
    round: Math.trunc(factor / 2),
    shift: 0,
    divide: factor,
  };
}

/** The lanczos3 part of `vips_reducev`/`vips_reduceh`: `target` samples from `inLength`, residual `shrink`. */
function reducePlan(inLength: number, target: number, shrink: number, extra: number): AxisPlan {
  const points = reducePoints(shrink);
  const masks = reduceMasks(points, shrink);
  const offset = (1 + extra) / 2 - 1;
  const before = Math.ceil(points / 2) - 1;
  const taps: Int32Array[] = [];
  const weights: Int32Array[] = [];
  for (let at = 0; at < target; at += 1) {
    const position = (at + 0.5) * shrink - 0.5 - offset;
    const phase = ((Math.trunc(position * TRANSFORM_SCALE * 2) & (TRANSFORM_SCALE * 2 - 1)) + 1) >> 1;
    taps.push(tapIndex(Math.trunc(position) - before, points, inLength - 1));
    weights.push(masks[phase]!);
  }
  return { length: target, taps, weights, round: INTERPOLATE_SCALE >> 1, shift: INTERPOLATE_SHIFT };
}

/** Applies a plan down the columns: each output row is a weighted sum of whole input rows. */
function applyVertical(image: RgbaPixels, plan: AxisPlan, channels: number): RgbaPixels {
  const { data, width } = image;
  const rowLength = width * 4;
  const out = opaquePixels(width, plan.length);
  const sums = new Int32Array(rowLength);
  const divide = plan.divide ?? 0;
  const shift = plan.shift;
  for (let at = 0; at < plan.length; at += 1) {
    const taps = plan.taps[at]!;
    const weights = plan.weights[at]!;
    sums.fill(plan.round);
    for (let k = 0; k < taps.length; k += 1) {
      const weight = weights[k]!;
      if (weight === 0) continue;
      const row = taps[k]! * rowLength;
      for (let i = 0; i < rowLength; i += 1) sums[i]! += weight * data[row + i]!;
    }
    const outRow = at * rowLength;
    if (divide > 0) {
      for (let i = 0; i < rowLength; i += 1) out[outRow + i] = Math.trunc(sums[i]! / divide);
    } else {
      for (let i = 0; i < rowLength; i += 1) out[outRow + i] = sums[i]! >> shift;
    }
    if (channels === 3) for (let i = outRow + 3; i < outRow + rowLength; i += 4) out[i] = 255;
  }
  return { data: out, width, height: plan.length };
}

/** Applies a plan along the rows. */
function applyHorizontal(image: RgbaPixels, plan: AxisPlan, channels: number): RgbaPixels {
  const { data, height } = image;
  const inRow = image.width * 4;
  const outRow = plan.length * 4;
  const out = opaquePixels(plan.length, height);
  const divide = plan.divide ?? 0;
  const shift = plan.shift;
  const round = plan.round;
  for (let y = 0; y < height; y += 1) {
    const rowStart = y * inRow;
    for (let at = 0; at < plan.length; at += 1) {
      const taps = plan.taps[at]!;
      const weights = plan.weights[at]!;
      let r = round;
      let g = round;
      let b = round;
      let a = round;
      for (let k = 0; k < taps.length; k += 1) {
        const weight = weights[k]!;
        const from = rowStart + taps[k]! * 4;
        r += weight * data[from]!;
        g += weight * data[from + 1]!;
        b += weight * data[from + 2]!;
        a += weight * data[from + 3]!;
      }
      const to = y * outRow + at * 4;
      if (divide > 0) {
        out[to] = Math.trunc(r / divide);
        out[to + 1] = Math.trunc(g / divide);
        out[to + 2] = Math.trunc(b / divide);
        if (channels === 4) out[to + 3] = Math.trunc(a / divide);
      } else {
        out[to] = r >> shift;
        out[to + 1] = g >> shift;
        out[to + 2] = b >> shift;
        if (channels === 4) out[to + 3] = a >> shift;
      }
    }
  }
  return { data: out, width: plan.length, height };
}

/** `vips_reducev`/`vips_reduceh` with gap 2 (as `vips_resize` calls them) along one axis. */
function reduceAxis(image: RgbaPixels, vertical: boolean, shrink: number, channels: number): RgbaPixels {
  const apply = (current: RgbaPixels, plan: AxisPlan) =>
    vertical ? applyVertical(current, plan, channels) : applyHorizontal(current, plan, channels);
  const inLength = vertical ? image.height : image.width;
  const target = Math.floor(inLength / shrink + 0.5);
  let extra = target * shrink - inLength;
  let residual = shrink;
  let current = image;
  const whole = Math.max(1, Math.floor(inLength / target / 2));
  if (whole > 1) {
    current = apply(current, shrinkPlan(inLength, whole));
    residual /= whole;
    extra /= whole;
  }
  if (residual === 1) return current;
  return apply(current, reducePlan(vertical ? current.height : current.width, target, residual, extra));
}

/** sharp's JPEG shrink-on-load factor for a shrink (`fastShrinkOnLoad`, the default). */
export function jpegShrinkOnLoad(shrink: number): number {
  let factor = shrink >= 8 ? 8 : shrink >= 4 ? 4 : shrink >= 2 ? 2 : 1;
  if (factor > 1 && Math.trunc(shrink) === factor) factor /= 2;
  return factor;
}

/** Averages `factor` × `factor` blocks (sizes rounded up), standing in for libjpeg's scaled decoding. */
function blockAverage(image: RgbaPixels, factor: number, channels: number): RgbaPixels {
  const rows = applyVertical(image, shrinkPlan(image.height, factor), channels);
  return applyHorizontal(rows, shrinkPlan(rows.width, factor), channels);
}

/**
 * What `sharp(image).resize({ width, height, fit: 'fill' }).blur(sigma)` makes of these pixels. Only
 * shrinks (an axis asked to grow is left as is); returns new pixels (or the input, when nothing is to do).
 */
export function sharpLikePipeline(image: RgbaPixels, options: SharpLikeOptions): RgbaPixels {
  const channels = options.alphaChannel ? 4 : 3;
  // Every step writes new pixels; only premultiplying needs a copy of the input first.
  let current: RgbaPixels = options.alphaChannel
    ? { ...image, data: new Uint8ClampedArray(image.data) }
    : image;
  if (options.alphaChannel) {
    const data = current.data;
    for (let i = 0; i < data.length; i += 4) {
      const alpha = data[i + 3]!;
      for (let c = 0; c < 3; c += 1) data[i + c] = Math.trunc((data[i + c]! * alpha) / 255);
    }
  }
  const width = options.width ?? image.width;
  const height = options.height ?? image.height;
  if (width < image.width || height < image.height) {
    if (options.jpeg) {
      const factor = jpegShrinkOnLoad(Math.min(image.width / width, image.height / height));
      if (factor > 1) current = blockAverage(current, factor, channels);
    }
    if (height < current.height) current = reduceAxis(current, true, current.height / height, channels);
    if (width < current.width) current = reduceAxis(current, false, current.width / width, channels);
  }
  if (options.blurSigma !== undefined && options.blurSigma >= 0.3) {
    // Already premultiplied when there is an alpha channel: blur all four channels as they are.
    current = {
      ...current,
      data: blurChannels(current.data, current.width, current.height, options.blurSigma, channels),
    };
  }
  if (options.alphaChannel) {
    const data = current.data;
    for (let i = 0; i < data.length; i += 4) {
      const alpha = data[i + 3]!;
      for (let c = 0; c < 3; c += 1)
        data[i + c] = alpha === 0 ? 0 : Math.trunc(Math.min(255, (data[i + c]! * 255) / alpha));
    }
  }
  return current;
}
