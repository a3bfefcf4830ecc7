/**
 * `npm run bench:render`: speed and memory of the server renderer on the standard ad (scripts/bench/:
 * 1080 × 1080, two photo slots fed by ~1500 px JPEGs, blurred background, logo, three texts, rating,
 * sale badge), against baselines measured in the same run:
 * - ours: `render()` to PNG and to JPEG, median and p90 ms per ad, by stage; then ads/s of one worker
 *   process and of two rendering JPEG side by side, and each worker's peak RSS;
 * - the raster floor of each format: sharp decoding every input once at full size and encoding one
 *   output (our own ad's pixels) with render()'s settings for that format; wall time, and CPU time of all
 *   the process's threads, which a busy shared machine distorts less;
 * - headless Chromium (when /usr/bin/chromium exists) drawing the same ad as a plain SVG: the template
 *   filled in, the original photos embedded and the background blurred by an SVG filter
 *   (renderReferenceSvg), the work a Chromium-based renderer does: a page screenshot, and the page
 *   drawing the SVG into a canvas and encoding a PNG; and, for comparison, drawing our prepared SVG.
 * Images come from memory through the renderer's image loader: no network time is measured. Worker
 * processes start with the renderer's RENDER_WORKER_ENV (src/server/worker-env.ts); a variable set on
 * the command wins, so other settings can be tried. `--quick` runs fewer and shorter rounds.
 * Prints a table, then one JSON line. Missing a target is reported, not an error; it exits non-zero
 * only when something fails.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
// The renderer's own encoder (not part of its public API), so the floor encodes with exactly the
// settings render() uses.
import { encodeImage } from '../packages/renderer/src/server/rasterise.js';
import { RENDER_WORKER_ENV } from '../packages/renderer/src/server/worker-env.js';
import { CHROMIUM_PATH, timeChromium } from './bench/chromium.js';
import type { WorkerCommand, WorkerReport } from './bench/render-worker.js';
import { loadRenderer, type ImageLoader, type RenderStage } from './bench/renderer.js';
import { memoryLoader, standardAd, type StandardAd } from './bench/standard-ad.js';
import { median, quantile, round1, since, table } from './bench/stats.js';

const QUICK = process.argv.includes('--quick');
const WARM_UPS = QUICK ? 2 : 3;
const RUNS = QUICK ? 8 : 20;
const STAGE_RUNS = QUICK ? 5 : 10;
const CHROMIUM_RUNS = QUICK ? 4 : 10;
const WORKER_DURATION_MS = QUICK ? 4_000 : 10_000;
/** A worker that says nothing for this long is taken as stuck. */
const REPORT_TIMEOUT_MS = 60_000;
const FORMATS = ['png', 'jpeg'] as const;
type Format = (typeof FORMATS)[number];
/** What the workers render: what feeds ship. */
const WORKER_FORMAT: Format = 'jpeg';
/** render()'s default quality; PNG ignores it. */
const QUALITY = 90;

const TARGET_FLOOR_RATIO = 2;
const TARGET_CHROMIUM_SPEEDUP = 5;
const TARGET_CANVAS_SPEEDUP = 2;
const TARGET_WORKER_SCALING = 1.8;
const TARGET_RSS_MB = 300;

const { render, renderSvg, renderReferenceSvg } = await loadRenderer();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message: string): void => console.error(`… ${message}`);

/** Our ad's final pixels, as the floor's output: the same pixels and channels render() encodes. */
interface Output {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** The floor: decode every input once, at full size, to raw pixels, then encode one output as render() does. */
async function rasterFloor(ad: StandardAd, output: Output, format: Format): Promise<void> {
  await Promise.all([...ad.images.values()].map((image) => sharp(image.bytes).raw().toBuffer()));
  const { data, width, height, channels } = output;
  await encodeImage(sharp(data, { raw: { width, height, channels } }), format, QUALITY);
}

/** CPU milliseconds (every thread of this process) since `started`. */
function cpuSince(started: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/**
 * Ours and the floor, alternating run by run so both see the same machine load: wall time, and CPU time
 * of every thread of the process, which other work on a shared machine distorts less.
 */
async function timeOursAndFloor(
  ad: StandardAd,
  loadImage: ImageLoader,
  output: Output,
  format: Format,
): Promise<{ ours: number[]; floor: number[]; oursCpu: number[]; floorCpu: number[] }> {
  const times = {
    ours: [] as number[],
    floor: [] as number[],
    oursCpu: [] as number[],
    floorCpu: [] as number[],
  };
  for (let run = 0; run < WARM_UPS + RUNS; run += 1) {
    let started = performance.now();
    let cpu = process.cpuUsage();
    const result = await render(ad.request, { format, quality: QUALITY, loadImage });
    const oursMs = since(started);
    const oursCpu = cpuSince(cpu);
    if (result.width !== 1080 || result.height !== 1080)
      throw new Error(`rendered ${result.width} × ${result.height}`);
    started = performance.now();
    cpu = process.cpuUsage();
    await rasterFloor(ad, output, format);
    const floorMs = since(started);
    const floorCpu = cpuSince(cpu);
    if (run >= WARM_UPS) {
      times.ours.push(oursMs);
      times.floor.push(floorMs);
      times.oursCpu.push(oursCpu);
      times.floorCpu.push(floorCpu);
    }
  }
  return times;
}

/** Medians of render()'s stages, as render() reports them. */
async function timeStages(
  ad: StandardAd,
  loadImage: ImageLoader,
  format: Format,
): Promise<Record<RenderStage, number>> {
  const samples: Record<RenderStage, number[]> = { resolve: [], images: [], raster: [], encode: [] };
  for (let run = 0; run < STAGE_RUNS; run += 1) {
    await render(ad.request, {
      format,
      quality: QUALITY,
      loadImage,
      onStage: (stage, ms) => samples[stage].push(ms),
    });
  }
  return {
    resolve: median(samples.resolve),
    images: median(samples.images),
    raster: median(samples.raster),
    encode: median(samples.encode),
  };
}

interface WorkerResult {
  renders: number;
  elapsedMs: number;
  peakRssMb: number;
}

/** Waits for one report of a type from a worker; a crash, an error report or a minute's silence rejects. */
function nextReport<T extends WorkerReport['type']>(
  worker: ChildProcess,
  type: T,
): Promise<Extract<WorkerReport, { type: T }>> {
  return new Promise((resolve, reject) => {
    const finish = (settle: () => void): void => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      worker.off('error', onError);
      settle();
    };
    const onMessage = (report: WorkerReport): void => {
      if (report.type === 'error') finish(() => reject(new Error(`render worker failed: ${report.message}`)));
      else if (report.type === type) finish(() => resolve(report as Extract<WorkerReport, { type: T }>));
    };
    const onExit = (code: number | null): void =>
      finish(() => reject(new Error(`render worker exited (code ${code}) before sending '${type}'`)));
    const onError = (error: Error): void => finish(() => reject(error));
    const timer = setTimeout(
      () => finish(() => reject(new Error(`render worker sent no '${type}' within ${REPORT_TIMEOUT_MS} ms`))),
      REPORT_TIMEOUT_MS,
    );
    worker.on('message', onMessage);
    worker.on('exit', onExit);
    worker.on('error', onError);
  });
}

/** `count` processes rendering back to back for WORKER_DURATION_MS, started together after warming up. */
async function timeWorkers(encoded: [string, Uint8Array][], count: number): Promise<WorkerResult[]> {
  const workers = Array.from({ length: count }, () =>
    fork(path.join(root, 'scripts/bench/render-worker.ts'), [], {
      cwd: root,
      execArgv: ['--import', 'tsx'],
      env: { ...RENDER_WORKER_ENV, ...process.env },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const send = (worker: ChildProcess, command: WorkerCommand): boolean => worker.send(command);
  try {
    await Promise.all(
      workers.map((worker) => {
        const ready = nextReport(worker, 'ready');
        send(worker, {
          type: 'setup',
          images: encoded,
          options: { format: WORKER_FORMAT, quality: QUALITY },
          warmUps: WARM_UPS,
        });
        return ready;
      }),
    );
    return await Promise.all(
      workers.map((worker) => {
        const done = nextReport(worker, 'done');
        send(worker, { type: 'run', durationMs: WORKER_DURATION_MS });
        return done;
      }),
    );
  } finally {
    for (const worker of workers) if (worker.exitCode === null) worker.kill();
  }
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const verdict = (met: boolean | undefined): string => (met === undefined ? 'n/a' : met ? 'met' : 'MISSED');
const adsPerSec = (workers: WorkerResult[]): number =>
  workers.reduce((sum, worker) => sum + worker.renders / (worker.elapsedMs / 1000), 0);

interface FormatFigures {
  ours: number[];
  floor: number[];
  oursCpu: number[];
  floorCpu: number[];
  stages: Record<RenderStage, number>;
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadavg()[0]!;
  log('making the standard ad’s images');
  const ad = await standardAd();
  const loadImage = memoryLoader(ad.images);
  const png = await render(ad.request, { format: 'png', loadImage });
  const decoded = await sharp(png.bytes).raw().toBuffer({ resolveWithObject: true });
  const output: Output = {
    data: decoded.data,
    width: decoded.info.width,
    height: decoded.info.height,
    channels: decoded.info.channels === 4 ? 4 : 3,
  };

  const figures = {} as Record<Format, FormatFigures>;
  for (const format of FORMATS) {
    log(`${format}: ours and the raster floor, ${WARM_UPS} warm-ups then ${RUNS} runs each, alternating`);
    const times = await timeOursAndFloor(ad, loadImage, output, format);
    log(`${format}: ours by stage, ${STAGE_RUNS} runs`);
    figures[format] = { ...times, stages: await timeStages(ad, loadImage, format) };
  }

  log(`headless Chromium, ${WARM_UPS} warm-ups then ${CHROMIUM_RUNS} runs, on the ad's plain SVG`);
  const size = { width: output.width, height: output.height };
  const reference = await renderReferenceSvg(ad.request, { loadImage });
  const chromium = await timeChromium(reference, size, WARM_UPS, CHROMIUM_RUNS);
  log(`headless Chromium again, on our prepared SVG`);
  const { svg } = await renderSvg(ad.request, { loadImage });
  const chromiumPrepared = await timeChromium(svg, size, WARM_UPS, CHROMIUM_RUNS);

  const encoded = [...ad.images].map(([name, image]) => [name, image.bytes] as [string, Uint8Array]);
  log(`1 worker process, then 2 side by side, ${WORKER_DURATION_MS / 1000} s each, ${WORKER_FORMAT}`);
  const one = await timeWorkers(encoded, 1);
  const two = await timeWorkers(encoded, 2);

  const msPer = (format: Format) => median(figures[format].ours);
  const floorOf = (format: Format) => median(figures[format].floor);
  const cpuOf = (format: Format) => median(figures[format].oursCpu);
  const cpuFloorOf = (format: Format) => median(figures[format].floorCpu);
  const chromiumMs = chromium ? median(chromium.screenshotMs) : null;
  const chromiumCanvasMs = chromium ? median(chromium.canvasMs) : null;
  const adsPerSec1 = adsPerSec(one);
  const adsPerSec2 = adsPerSec(two);
  const peakRssMb = Math.max(...[...one, ...two].map((worker) => worker.peakRssMb));
  const speedUp = chromiumMs === null ? undefined : chromiumMs / msPer('png');
  const canvasSpeedUp = chromiumCanvasMs === null ? undefined : chromiumCanvasMs / msPer('png');
  const scaling = adsPerSec2 / adsPerSec1;

  const rows: string[][] = [['measure', 'value', 'target', '']];
  for (const format of FORMATS) {
    const { ours, stages } = figures[format];
    const ratio = msPer(format) / floorOf(format);
    rows.push(
      [
        `${format.toUpperCase()}: ours, ms per ad (median, p90)`,
        `${ms(msPer(format))}, ${ms(quantile(ours, 0.9))}`,
        '',
        '',
      ],
      ['  resolve + text outlines', ms(stages.resolve), '', ''],
      ['  image decoding and preparation', ms(stages.images), '', ''],
      ['  resvg: bands and masks', ms(stages.raster), '', ''],
      ['  composing and encoding', ms(stages.encode), '', ''],
      [`${format.toUpperCase()}: raster floor (median)`, ms(floorOf(format)), '', ''],
      [
        '  ours / floor',
        `${ratio.toFixed(2)} ×`,
        `≤ ${TARGET_FLOOR_RATIO} ×`,
        verdict(ratio <= TARGET_FLOOR_RATIO),
      ],
    );
  }
  rows.push(
    ['Chromium screenshot (median)', chromium ? ms(chromiumMs!) : `n/a (no ${CHROMIUM_PATH})`, '', ''],
    [
      '  Chromium screenshot / ours (PNG)',
      speedUp === undefined ? 'n/a' : `${speedUp.toFixed(2)} ×`,
      `≥ ${TARGET_CHROMIUM_SPEEDUP} ×`,
      verdict(speedUp === undefined ? undefined : speedUp >= TARGET_CHROMIUM_SPEEDUP),
    ],
    ['Chromium in-page canvas (median)', chromium ? ms(chromiumCanvasMs!) : 'n/a', '', ''],
    [
      '  Chromium canvas / ours (PNG)',
      canvasSpeedUp === undefined ? 'n/a' : `${canvasSpeedUp.toFixed(2)} ×`,
      `≥ ${TARGET_CANVAS_SPEEDUP} ×`,
      verdict(canvasSpeedUp === undefined ? undefined : canvasSpeedUp >= TARGET_CANVAS_SPEEDUP),
    ],
    [
      '  on our prepared SVG: screenshot, canvas',
      chromiumPrepared
        ? `${ms(median(chromiumPrepared.screenshotMs))}, ${ms(median(chromiumPrepared.canvasMs))}`
        : 'n/a',
      '',
      '',
    ],
    [`ads/s, 1 worker (${WORKER_FORMAT})`, adsPerSec1.toFixed(2), '', ''],
    [`ads/s, 2 workers (${WORKER_FORMAT})`, adsPerSec2.toFixed(2), '', ''],
    [
      '  2 workers / 1',
      `${scaling.toFixed(2)} ×`,
      `≥ ${TARGET_WORKER_SCALING} ×`,
      verdict(scaling >= TARGET_WORKER_SCALING),
    ],
    ...[...one, ...two].map((worker, index) => [
      `  ${index === 0 ? 'alone' : `worker ${index} of 2`}: ads, peak RSS`,
      `${worker.renders} in ${(worker.elapsedMs / 1000).toFixed(1)} s, ${worker.peakRssMb.toFixed(1)} MB`,
      '',
      '',
    ]),
    [
      'peak RSS per worker (max)',
      `${peakRssMb.toFixed(1)} MB`,
      `< ${TARGET_RSS_MB} MB`,
      verdict(peakRssMb < TARGET_RSS_MB),
    ],
  );
  console.log(
    `\nrender benchmark${QUICK ? ' (--quick)' : ''}: standard ad 1080 × 1080, images from memory, ` +
      `${RUNS} runs after ${WARM_UPS} warm-ups (${(since(started) / 1000).toFixed(0)} s)\n` +
      // Other work on the machine slows every figure; the same-run ratios suffer least.
      `machine: ${availableParallelism()} cores, 1-minute load average ${loadAtStart.toFixed(1)} at the ` +
      `start, ${loadavg()[0]!.toFixed(1)} at the end\n`,
  );
  console.log(table(rows));
  console.log(
    "\nChromium draws the ad's plain SVG: the template filled in, the original photos embedded, the " +
      'background blurred by an SVG filter\n(renderReferenceSvg), which is the work a Chromium-based ' +
      'renderer does for this ad. The screenshot loads the page, paints,\nencodes a PNG and hands it ' +
      'over, as a Chromium render service does; the in-page canvas is Chromium drawing the SVG and\n' +
      'encoding a PNG blob inside the page, a lower bound. Both are compared with our PNG. The last ' +
      'Chromium line gives it our\nprepared SVG instead (photos already shrunk, background already ' +
      "blurred): Chromium doing only resvg's part of the old path.",
  );
  console.log(
    JSON.stringify({
      msPerAdPng: round1(msPer('png')),
      floorMsPng: round1(floorOf('png')),
      msPerAdJpeg: round1(msPer('jpeg')),
      floorMsJpeg: round1(floorOf('jpeg')),
      chromiumMs: chromiumMs === null ? null : round1(chromiumMs),
      chromiumCanvasMs: chromiumCanvasMs === null ? null : round1(chromiumCanvasMs),
      adsPerSec1: round1(adsPerSec1),
      adsPerSec2: round1(adsPerSec2),
      peakRssMb: round1(peakRssMb),
      cpuMsPerAdPng: round1(cpuOf('png')),
      cpuFloorMsPng: round1(cpuFloorOf('png')),
      cpuMsPerAdJpeg: round1(cpuOf('jpeg')),
      cpuFloorMsJpeg: round1(cpuFloorOf('jpeg')),
      quick: QUICK,
      load: round1(loadAtStart),
    }),
  );
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
