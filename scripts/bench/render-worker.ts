/**
 * A worker process of `npm run bench:render`: receives the standard ad's images, warms up, then renders
 * the ad back to back (one at a time, as a queue worker would) until the deadline and reports how many
 * it finished and its own peak RSS. A process, not a worker thread, so its peak RSS is its own.
 */
import { loadRenderer, type BenchRenderOptions } from './renderer.js';
import { memoryLoader, standardAdFrom } from './standard-ad.js';

/** Parent → worker. */
export type WorkerCommand =
  | {
      type: 'setup';
      images: [string, Uint8Array][];
      options: Pick<BenchRenderOptions, 'format' | 'quality'>;
      warmUps: number;
    }
  | { type: 'run'; durationMs: number };

/** Worker → parent. */
export type WorkerReport =
  | { type: 'ready' }
  | { type: 'done'; renders: number; elapsedMs: number; peakRssMb: number }
  | { type: 'error'; message: string };

function send(report: WorkerReport): Promise<void> {
  return new Promise((resolve, reject) =>
    process.send!(report, undefined, undefined, (error) => (error ? reject(error) : resolve())),
  );
}

let renderAd: (() => Promise<unknown>) | undefined;

async function handle(command: WorkerCommand): Promise<void> {
  if (command.type === 'setup') {
    const ad = await standardAdFrom(new Map(command.images));
    const { render } = await loadRenderer();
    const loadImage = memoryLoader(ad.images);
    renderAd = () => render(ad.request, { ...command.options, loadImage });
    for (let index = 0; index < command.warmUps; index += 1) await renderAd();
    await send({ type: 'ready' });
    return;
  }
  if (!renderAd) throw new Error('run before setup');
  const started = performance.now();
  const deadline = started + command.durationMs;
  let renders = 0;
  while (performance.now() < deadline) {
    await renderAd();
    renders += 1;
  }
  const elapsedMs = performance.now() - started;
  // maxRSS is in kilobytes: the largest resident set this process ever had, warm-up included.
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  await send({ type: 'done', renders, elapsedMs, peakRssMb });
  process.disconnect();
}

if (!process.send) throw new Error('render-worker runs as a child process of scripts/bench-render.ts');
process.on('message', (command: WorkerCommand) => {
  handle(command).catch((error: unknown) =>
    send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
      .catch(() => undefined)
      .finally(() => process.exit(1)),
  );
});
