/**
 * `npx tsx scripts/bench/jpeg-settings.ts [--quick]`: how the JPEG encoder settings render() could use
 * compare on the standard ad at 1080 × 1080 (the square size Meta and Google recommend for feed images):
 * bytes, encode time (median CPU ms, one libvips thread) and fidelity to the ad's pixels (SSIM of luma over
 * 8 × 8 blocks, and PSNR of the colour difference planes, which chroma subsampling costs). The figures
 * chose render()'s settings (README, "JPEG"). Last line JSON: one entry per setting.
 */
import sharp, { type JpegOptions } from 'sharp';
import { loadRenderer } from './renderer.js';
import { memoryLoader, standardAd } from './standard-ad.js';
import { median, round1, table } from './stats.js';

const RUNS = process.argv.includes('--quick') ? 5 : 15;

interface Setting {
  name: string;
  options: JpegOptions;
}

const SETTINGS: Setting[] = [];
for (const quality of [80, 85, 90]) {
  for (const chromaSubsampling of ['4:2:0', '4:4:4'] as const) {
    SETTINGS.push({
      name: `baseline q${quality} ${chromaSubsampling}`,
      options: { quality, chromaSubsampling },
    });
    SETTINGS.push({
      name: `progressive q${quality} ${chromaSubsampling}`,
      options: { quality, chromaSubsampling, progressive: true },
    });
    SETTINGS.push({
      name: `mozjpeg q${quality} ${chromaSubsampling}`,
      options: { quality, chromaSubsampling, mozjpeg: true },
    });
  }
}

/** Y, Cb, Cr planes (BT.601, full range) of RGB pixels. */
function planes(rgb: Buffer, count: number): [Float64Array, Float64Array, Float64Array] {
  const y = new Float64Array(count);
  const cb = new Float64Array(count);
  const cr = new Float64Array(count);
  for (let index = 0; index < count; index += 1) {
    const r = rgb[index * 3]!;
    const g = rgb[index * 3 + 1]!;
    const b = rgb[index * 3 + 2]!;
    y[index] = 0.299 * r + 0.587 * g + 0.114 * b;
    cb[index] = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    cr[index] = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  }
  return [y, cb, cr];
}

/** Mean SSIM over 8 × 8 blocks (the usual constants for 8-bit values). */
function blockSsim(a: Float64Array, b: Float64Array, width: number, height: number): number {
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let blocks = 0;
  for (let top = 0; top + 8 <= height; top += 8) {
    for (let left = 0; left + 8 <= width; left += 8) {
      let sumA = 0;
      let sumB = 0;
      let sumAA = 0;
      let sumBB = 0;
      let sumAB = 0;
      for (let y = top; y < top + 8; y += 1) {
        for (let x = left; x < left + 8; x += 1) {
          const va = a[y * width + x]!;
          const vb = b[y * width + x]!;
          sumA += va;
          sumB += vb;
          sumAA += va * va;
          sumBB += vb * vb;
          sumAB += va * vb;
        }
      }
      const meanA = sumA / 64;
      const meanB = sumB / 64;
      const varA = sumAA / 64 - meanA * meanA;
      const varB = sumBB / 64 - meanB * meanB;
      const cov = sumAB / 64 - meanA * meanB;
      total +=
        ((2 * meanA * meanB + c1) * (2 * cov + c2)) / ((meanA ** 2 + meanB ** 2 + c1) * (varA + varB + c2));
      blocks += 1;
    }
  }
  return total / blocks;
}

function psnr(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += (a[index]! - b[index]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

function cpuMs(started: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

async function main(): Promise<void> {
  sharp.concurrency(1);
  const { render } = await loadRenderer();
  const ad = await standardAd();
  const png = await render(ad.request, { format: 'png', loadImage: memoryLoader(ad.images) });
  const { data, info } = await sharp(png.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const count = width * height;
  const [y, cb, cr] = planes(data, count);
  const results = [];
  for (const setting of SETTINGS) {
    const times: number[] = [];
    let bytes = Buffer.alloc(0);
    for (let run = 0; run < RUNS + 1; run += 1) {
      const started = process.cpuUsage();
      bytes = await sharp(data, { raw: { width, height, channels: 3 } })
        .jpeg(setting.options)
        .toBuffer();
      if (run > 0) times.push(cpuMs(started));
    }
    const decoded = await sharp(bytes).raw().toBuffer();
    const [y2, cb2, cr2] = planes(decoded, count);
    results.push({
      name: setting.name,
      kb: round1(bytes.length / 1024),
      encodeMs: round1(median(times)),
      ssim: Number(blockSsim(y, y2, width, height).toFixed(4)),
      chromaPsnr: round1((psnr(cb, cb2) + psnr(cr, cr2)) / 2),
    });
  }
  console.log(
    table([
      ['setting', 'KB', 'encode ms (CPU)', 'SSIM (luma)', 'PSNR (chroma, dB)'],
      ...results.map((result) => [
        result.name,
        result.kb.toFixed(1),
        result.encodeMs.toFixed(1),
        result.ssim.toFixed(4),
        result.chromaPsnr.toFixed(1),
      ]),
    ]),
  );
  console.log(JSON.stringify(results));
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
