/**
 * The server's background blur in plain TypeScript, for the browser. The server blurs with sharp, whose
 * `blur(sigma)` is libvips's gaussblur; a canvas `blur()` filter is another kernel (a true Gaussian made
 * of box blurs) and differs visibly across a whole background, so the browser repeats libvips's arithmetic
 * (blur.test.ts checks it against sharp, pixel for pixel):
 *
 * - the kernel is `gaussmat` at integer precision: 20 × exp(-x² / 2σ²), rounded, cut where it falls
 *   below 0.2 of its peak;
 * - it runs across, then down (`convsep`), edges extended by copying, each pass back to 8 bits with
 *   libvips's fixed-point vector arithmetic (`convi`, Highway): weights as 8-bit mantissas sharing one
 *   exponent, sums rounded and shifted; the plain integer path when the mantissas are too coarse;
 * - an image with an alpha channel is premultiplied first and unpremultiplied after, truncating to 8 bits
 *   both times, as sharp does; an image without one keeps its alpha at 255.
 */

/** libvips's `gaussmat` at integer precision, one dimension: the weights of a separable blur. */
export function gaussianKernel(sigma: number, minAmplitude = 0.2): number[] {
  const sig2 = 2 * sigma * sigma;
  const maxX = Math.max(0, Math.min(Math.trunc(8 * sigma), 5000));
  let x = 0;
  while (x < maxX && Math.exp(-(x * x) / sig2) >= minAmplitude) x += 1;
  const width = 2 * Math.max(x - 1, 0) + 1;
  const half = (width - 1) / 2;
  return Array.from({ length: width }, (_, i) => Math.round(20 * Math.exp(-((i - half) ** 2) / sig2)));
}

/** How one pass turns a weighted sum into an 8-bit value. */
interface Arithmetic {
  weights: number[];
  finish: (sum: number) => number;
}

/**
 * libvips's convi for 8-bit images: the fixed-point vector path (`vips_convi_intize`) when its mantissas
 * are accurate enough, else the integer C path (sum + scale / 2) / scale.
 */
export function kernelArithmetic(kernel: readonly number[]): Arithmetic {
  const scale = kernel.reduce((sum, weight) => sum + weight, 0) || 1;
  const scaled = kernel.map((weight) => weight / scale);
  const shift = Math.ceil(Math.log2(Math.max(...scaled)) + 1);
  const exp = 7 - shift;
  const mantissas = scaled.map((weight) => Math.round(128 * weight * 2 ** -shift));
  let trueSum = 0;
  let intSum = 0;
  mantissas.forEach((mantissa, i) => {
    if (mantissa === 0) return;
    trueSum += 128 * scaled[i]!;
    intSum += 128 * mantissa;
  });
  const clip = (value: number) => Math.min(255, Math.max(0, value));
  const vectorOk =
    exp > 0 &&
    Math.ceil(Math.log2(kernel.length)) <= 10 &&
    mantissas.every((mantissa) => mantissa >= -128 && mantissa <= 127) &&
    Math.abs(clip(Math.trunc(trueSum)) - clip((intSum + (1 << (exp - 1))) >> exp)) <= 2;
  if (vectorOk) {
    const rounding = 1 << (exp - 1);
    return { weights: mantissas, finish: (sum) => (sum + rounding) >> exp };
  }
  const integerScale = Math.round(scale) || 1;
  const half = Math.trunc(integerScale / 2);
  return { weights: [...kernel], finish: (sum) => Math.trunc((sum + half) / integerScale) };
}

/**
 * One pass over interleaved RGBA, along rows (`step` 4) or columns (`step` 4 × width), of the first
 * `channels` channels; the others are copied.
 */
function convolve(
  source: Uint8ClampedArray<ArrayBuffer>,
  arithmetic: Arithmetic,
  channels: number,
  lines: number,
  length: number,
  lineStride: number,
  step: number,
): Uint8ClampedArray<ArrayBuffer> {
  const target = source.slice();
  const { weights, finish } = arithmetic;
  const half = (weights.length - 1) / 2;
  for (let line = 0; line < lines; line += 1) {
    const start = line * lineStride;
    for (let at = 0; at < length; at += 1) {
      for (let channel = 0; channel < channels; channel += 1) {
        let sum = 0;
        for (let k = 0; k < weights.length; k += 1) {
          const from = Math.min(length - 1, Math.max(0, at + k - half));
          sum += weights[k]! * source[start + from * step + channel]!;
        }
        target[start + at * step + channel] = finish(sum); // clamped to 0…255 on assignment
      }
    }
  }
  return target;
}

/** Blurs the first `channels` channels of RGBA pixels as they are (no premultiplying); returns new pixels. */
export function blurChannels(
  pixels: Uint8ClampedArray,
  width: number,
  height: number,
  sigma: number,
  channels: number,
): Uint8ClampedArray<ArrayBuffer> {
  const arithmetic = kernelArithmetic(gaussianKernel(sigma));
  const across = convolve(new Uint8ClampedArray(pixels), arithmetic, channels, height, width, width * 4, 4);
  return convolve(across, arithmetic, channels, width, height, 4, width * 4);
}

/**
 * Blurs RGBA pixels (not premultiplied) as sharp's `blur(sigma)` does; returns new pixels. `alphaChannel`
 * says whether the source image has one (sharp then blurs premultiplied, alpha included); without one,
 * only the colour channels are blurred.
 */
export function gaussianBlur(
  pixels: Uint8ClampedArray,
  width: number,
  height: number,
  sigma: number,
  alphaChannel: boolean,
): Uint8ClampedArray<ArrayBuffer> {
  if (!alphaChannel) return blurChannels(pixels, width, height, sigma, 3);
  const premultiplied = new Uint8ClampedArray(pixels.length);
  for (let i = 0; i < pixels.length; i += 4) {
    const alpha = pixels[i + 3]!;
    for (let c = 0; c < 3; c += 1) premultiplied[i + c] = Math.trunc((pixels[i + c]! * alpha) / 255);
    premultiplied[i + 3] = alpha;
  }
  const blurred = blurChannels(premultiplied, width, height, sigma, 4);
  for (let i = 0; i < blurred.length; i += 4) {
    const alpha = blurred[i + 3]!;
    for (let c = 0; c < 3; c += 1)
      blurred[i + c] = alpha === 0 ? 0 : Math.trunc(Math.min(255, (blurred[i + c]! * 255) / alpha));
  }
  return blurred;
}
