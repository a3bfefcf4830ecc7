/**
 * `npm run bench:render`: speed and memory of the server renderer on the standard ad (scripts/bench/:
 * 1080 × 1080, two photo slots fed by ~1500 px JPEGs, blurred background, logo, three texts, rating,
 * sale badge), against baselines measured in the same run:
 * - ours: `render()` to PNG, median and p90 ms per ad, then ads/s with 2 worker processes and each
 *   worker's peak RSS;
 * - the raster floor: sharp decoding each input once and encoding one PNG like ours;
 * - headless Chromium (when /usr/bin/chromium exists) drawing the same ad as a plain SVG: the template
 *   filled in, the original photos embedded and the background blurred by an SVG filter
 *   (renderReferenceSvg), the work a Chromium-based renderer does; and, for comparison, drawing our
 *   prepared SVG (photos shrunk and background blurred already).
 * Images come from memory through the renderer's image loader: no network time is measured. Worker
 * processes start with the renderer's RENDER_WORKER_ENV (MALLOC_ARENA_MAX=2, UV_THREADPOOL_SIZE=2: see
 * src/server/worker-env.ts); a variable set on the command wins, so other settings can be tried.
 * Prints a table, then one JSON line. Missing a target is reported, not an error; it exits non-zero
 * only when something fails.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
// The renderer's own rasteriser and encoder (not part of its public API), so the stage times and the
// floor's encode use exactly the settings render() uses.
import { encodeRaster, rasterise, type Raster } from '../packages/renderer/src/server/rasterise.js';
import { RENDER_WORKER_ENV } from '../packages/renderer/src/server/worker-env.js';
import { CHROMIUM_PATH, timeChromium } from './bench/chromium.js';
import type { WorkerCommand, WorkerReport } from './bench/render-worker.js';
import { loadRenderer, type ImageLoader, type RenderStage } from './bench/renderer.js';
import { memoryLoader, standardAd, type StandardAd } from './bench/standard-ad.js';
import { median, quantile, round1, since, table } from './bench/stats.js';

const WARM_UPS = 3;
const RUNS = 20;
const STAGE_RUNS = 10;
const CHROMIUM_RUNS = 10;
const WORKERS = 2;
const WORKER_DURATION_MS = 10_000;
/** A worker that says nothing for this long is taken as stuck. */
const REPORT_TIMEOUT_MS = 60_000;
const FORMAT = 'png';
/** render()'s default quality; PNG ignores it. */
const QUALITY = 90;

const TARGET_FLOOR_RATIO = 2;
const TARGET_CHROMIUM_SPEEDUP = 5;
const TARGET_RSS_MB = 300;

const { render, renderSvg, renderReferenceSvg } = await loadRenderer();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message: string): void => console.error(`… ${message}`);

/** The floor: decode every input once to raw pixels, then encode one output as render() does. */
async function rasterFloor(ad: StandardAd, output: Raster): Promise<void> {
  await Promise.all([...ad.images.values()].map((image) => sharp(image.bytes).raw().toBuffer()));
  await encodeRaster(output, FORMAT, QUALITY);
}

/** Ours and the floor, alternating run by run so both see the same machine load. */
async function timeOursAndFloor(
  ad: StandardAd,
  loadImage: ImageLoader,
  output: Raster,
): Promise<{ ours: number[]; floor: number[] }> {
  const ours: number[] = [];
  const floor: number[] = [];
  for (let run = 0; run < WARM_UPS + RUNS; run += 1) {
    let started = performance.now();
    const result = await render(ad.request, { format: FORMAT, quality: QUALITY, loadImage });
    const oursMs = since(started);
    if (result.width !== 1080 || result.height !== 1080)
      throw new Error(`rendered ${result.width} × ${result.height}`);
    started = performance.now();
    await rasterFloor(ad, output);
    const floorMs = since(started);
    if (run >= WARM_UPS) {
      ours.push(oursMs);
      floor.push(floorMs);
    }
  }
  return { ours, floor };
}

/** Medians of render()'s stages, as render() reports them. */
async function timeStages(ad: StandardAd, loadImage: ImageLoader): Promise<Record<RenderStage, number>> {
  const samples: Record<RenderStage, number[]> = { resolve: [], images: [], raster: [], encode: [] };
  for (let run = 0; run < STAGE_RUNS; run += 1) {
    await render(ad.request, {
      format: FORMAT,
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

/** WORKERS processes rendering back to back for WORKER_DURATION_MS, started together after warming up. */
async function timeWorkers(encoded: [string, Uint8Array][]): Promise<WorkerResult[]> {
  const workers = Array.from({ length: WORKERS }, () =>
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
          options: { format: FORMAT, quality: QUALITY },
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

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadavg()[0]!;
  log('making the standard ad’s images');
  const ad = await standardAd();
  const loadImage = memoryLoader(ad.images);
  const { svg } = await renderSvg(ad.request, { loadImage });
  const output = await rasterise(svg, '#ffffff');

  log(`ours and the raster floor, ${WARM_UPS} warm-ups then ${RUNS} runs each, alternating`);
  const { ours, floor } = await timeOursAndFloor(ad, loadImage, output);
  log(`ours by stage, ${STAGE_RUNS} runs`);
  const stages = await timeStages(ad, loadImage);

  log(`headless Chromium, ${WARM_UPS} warm-ups then ${CHROMIUM_RUNS} runs, on the ad's plain SVG`);
  const size = { width: output.width, height: output.height };
  const reference = await renderReferenceSvg(ad.request, { loadImage });
  const chromium = await timeChromium(reference, size, WARM_UPS, CHROMIUM_RUNS);
  log(`headless Chromium again, on our prepared SVG`);
  const chromiumPrepared = await timeChromium(svg, size, WARM_UPS, CHROMIUM_RUNS);

  log(`${WORKERS} worker processes, ${WORKER_DURATION_MS / 1000} s`);
  const encoded = [...ad.images].map(([name, image]) => [name, image.bytes] as [string, Uint8Array]);
  const workers = await timeWorkers(encoded);

  const msPerAd = median(ours);
  const floorMs = median(floor);
  const chromiumMs = chromium ? median(chromium.screenshotMs) : null;
  const adsPerSec2 = workers.reduce((sum, worker) => sum + worker.renders / (worker.elapsedMs / 1000), 0);
  const peakRssMb = Math.max(...workers.map((worker) => worker.peakRssMb));
  const floorRatio = msPerAd / floorMs;
  const speedUp = chromiumMs === null ? undefined : chromiumMs / msPerAd;
  const stageSum = stages.resolve + stages.images + stages.raster + stages.encode;

  const rows: string[][] = [
    ['measure', 'value', 'target', ''],
    ['ours, ms per ad (median)', ms(msPerAd), '', ''],
    ['ours, ms per ad (p90)', ms(quantile(ours, 0.9)), '', ''],
    ['  resolve + text outlines', ms(stages.resolve), '', ''],
    ['  image preparation + embed', ms(stages.images), '', ''],
    ['  resvg', ms(stages.raster), '', ''],
    [`  ${FORMAT.toUpperCase()} encode (with the background laid under)`, ms(stages.encode), '', ''],
    ['  (sum of stage medians)', ms(stageSum), '', ''],
    ['raster floor (median)', ms(floorMs), '', ''],
    [
      'ours / floor',
      `${floorRatio.toFixed(2)} ×`,
      `≤ ${TARGET_FLOOR_RATIO} ×`,
      verdict(floorRatio <= TARGET_FLOOR_RATIO),
    ],
    ['Chromium screenshot (median)', chromium ? ms(chromiumMs!) : `n/a (no ${CHROMIUM_PATH})`, '', ''],
    ['Chromium in-page canvas (median)', chromium ? ms(median(chromium.canvasMs)) : 'n/a', '', ''],
    [
      '  on our prepared SVG: screenshot, canvas',
      chromiumPrepared
        ? `${ms(median(chromiumPrepared.screenshotMs))}, ${ms(median(chromiumPrepared.canvasMs))}`
        : 'n/a',
      '',
      '',
    ],
    [
      'Chromium / ours',
      speedUp === undefined ? 'n/a' : `${speedUp.toFixed(2)} ×`,
      `≥ ${TARGET_CHROMIUM_SPEEDUP} ×`,
      verdict(speedUp === undefined ? undefined : speedUp >= TARGET_CHROMIUM_SPEEDUP),
    ],
    [`ads/s with ${WORKERS} workers`, adsPerSec2.toFixed(2), '', ''],
    ...workers.map((worker, index) => [
      `  worker ${index + 1}: ads, peak RSS`,
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
  ];
  console.log(
    `\nrender benchmark: standard ad 1080 × 1080 ${FORMAT.toUpperCase()}, images from memory, ` +
      `${RUNS} runs after ${WARM_UPS} warm-ups (${(since(started) / 1000).toFixed(0)} s)\n` +
      // Other work on the machine slows every figure; the same-run ratios suffer least.
      `machine: ${availableParallelism()} cores, 1-minute load average ${loadAtStart.toFixed(1)} at the ` +
      `start, ${loadavg()[0]!.toFixed(1)} at the end\n`,
  );
  console.log(table(rows));
  console.log(
    "\nChromium draws the ad's plain SVG: the template filled in, the original photos embedded, the " +
      'background blurred by an SVG filter\n(renderReferenceSvg), which is the work a Chromium-based ' +
      'renderer does for this ad. Chromium / ours uses the screenshot\n(load the page, paint, encode ' +
      'PNG, hand it over, as a Chromium render service does); the in-page canvas figure is Chromium\n' +
      'drawing the SVG and encoding a PNG blob inside the page, a lower bound. The last Chromium line ' +
      'gives it our prepared SVG\ninstead (photos already shrunk, background already blurred): that ' +
      "is Chromium doing only resvg's part of our work.",
  );
  console.log(
    JSON.stringify({
      msPerAd: round1(msPerAd),
      floorMs: round1(floorMs),
      chromiumMs: chromiumMs === null ? null : round1(chromiumMs),
      adsPerSec2: round1(adsPerSec2),
      peakRssMb: round1(peakRssMb),
    }),
  );
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
