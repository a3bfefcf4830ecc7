/**
 * `npm run bench:builder` (issue 6, Measure): the template builder in headless Chromium, on the built
 * product (run `npm run build` first: this script builds nothing) served in this process on a fresh
 * embedded database (scripts/bench-builder/server.ts). It signs in, saves three templates made with the
 * builder's own modelToSvg through the app's GraphQL API (scripts/bench-builder/templates.ts: 100 and 200
 * mixed layers, and the dragged object alone), then measures:
 *
 * 1. Opening the 100-layer template: from the navigation's start to the frame that shows all 100 layers
 *    (the canvas's `data-rendered-layers`, see the builder's ARCHITECTURE.md). The first, cold run is
 *    shown apart; the figure is the median of the warm runs after it. Then, in the same pages, the time to
 *    the first product-view draw: the ad drawn by the renderer with the first item of the sample catalogue
 *    (the canvas's `data-product-drawn-at`, ms since the navigation; null when the canvas never says so).
 * 2. Dragging the top object among 200 with the mouse (page.mouse.move in 3-unit steps, button held),
 *    with the product view on (the drag waits for its first draw; the table says when it never came):
 *    per animation frame in which the page drew, the frame time (from the frame's start, or the end of
 *    the previous frame's work when that ran later, to the end of its main-thread work: input, fabric's
 *    render, paint) and the interval to the next frame (what the user sees; 16.7 ms at 60 Hz); median and
 *    95th percentile.
 * 3. Baselines from the same run, to read the figures against the machine's speed: opening the 2-layer
 *    template (the screen's cost without the layers), the same drag on a
 *    canvas holding only the dragged object (and an image slot far from it), and idle frames of the
 *    200-layer page.
 *
 * The page is instrumented by an init script of this bench (scripts/bench-builder/page.ts), nothing in
 * the product. The server imports a sample catalogue of three items first (their photos from an image
 * host in this process), so the builder's product view has an item to draw. Targets: open under 1 s, median frame under 16.7 ms. Prints a table, then one JSON line.
 * Missing a target is reported, not an error; it exits non-zero only when something fails.
 * BENCH_PORT=<n> picks the server's port (a free one otherwise).
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { median, quantile, round1, since, table } from './bench/stats.js';
import { PAGE_PROBE, type ProbeFrame, type ProbeLayerCount } from './bench-builder/page.js';
import { BENCH_EMAIL, BENCH_PASSWORD, startBenchServer, type BenchServer } from './bench-builder/server.js';
import { benchTemplateSvg, CANVAS_SIZE, DRAGGED } from './bench-builder/templates.js';

const CHROMIUM_PATH = '/usr/bin/chromium';
const OPEN_LAYERS = 100;
const DRAG_LAYERS = 200;
/** The baseline: the dragged object and an image slot far from its path (a template needs a slot). */
const ALONE_LAYERS = 2;
const OPEN_RUNS = 7;
const DRAG_ROUNDS = 2;
const DRAG_STEPS = 150;
/** Canvas units per mouse step (x, y): small steps, as a hand moves. */
const STEP = { x: 3, y: 2 };
const IDLE_MS = 1000;
const TARGET_OPEN_MS = 1000;
const TARGET_FRAME_MS = 16.7;

const log = (message: string): void => console.error(`… ${message}`);

declare global {
  interface Window {
    __builderBench: {
      layerCounts: ProbeLayerCount[];
      startFrames(): void;
      stopFrames(): ProbeFrame[];
    };
  }
}

const CREATE_TEMPLATE = `mutation BenchTemplate($name: String!, $templateString: String!) {
  createProductCatalogTemplate(name: $name, templateString: $templateString) {
    template { id }
    error { code message }
  }
}`;

interface Session {
  context: BrowserContext;
  server: BenchServer;
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login/local/');
  await page.getByLabel('Email').fill(BENCH_EMAIL);
  await page.getByLabel('Password').fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login/'));
}

/** Saves a template through the client's GraphQL endpoint, as the builder's save does; returns its id. */
async function createTemplate(session: Session, name: string, svg: string): Promise<string> {
  const { createProductCatalogTemplate: payload } = await clientGraphql<{
    createProductCatalogTemplate: { template: { id: string } | null; error: { message: string } | null };
  }>(session, CREATE_TEMPLATE, { name, templateString: svg });
  const id = payload.template?.id;
  if (!id) throw new Error(`saving '${name}' failed: ${payload.error?.message ?? 'no answer'}`);
  return id;
}

const CREATE_CATALOG = `mutation BenchCatalog($key: String!) {
  createCatalog(name: "Bench catalogue", uploadKey: $key) { catalog { id } error { message } }
}`;
const CATALOG_ITEMS = `query BenchCatalogItems($id: ID!) { catalog(id: $id) { itemCount } }`;
const SAMPLE_ITEMS = 3;

/** Sends one GraphQL request to the client's endpoint with the signed-in context's cookies. */
async function clientGraphql<T>({ context, server }: Session, query: string, variables: object): Promise<T> {
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'adloom_csrf')?.value ?? '';
  const response = await context.request.post(`${server.baseUrl}/api/clients/${server.clientId}/`, {
    headers: { 'x-csrf-token': csrf },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data) throw new Error(body.errors?.[0]?.message ?? `HTTP ${response.status()}`);
  return body.data;
}

/** Imports the sample catalogue (three items with a photo each) and waits until its items are in. */
async function importSampleCatalogue(session: Session): Promise<void> {
  const { server } = session;
  const csv = [
    'id,title,price,brand,availability,image_link',
    ...Array.from(
      { length: SAMPLE_ITEMS },
      (_, index) =>
        `B-${index + 1},Bench shoe ${index + 1},${49 + index}.00 USD,Acme,in stock,${server.imageOrigin}/img/${index + 1}.jpg`,
    ),
  ].join('\n');
  const key = `clients/${server.clientId}/catalog-files/${randomUUID()}/bench.csv`;
  await server.putFile(key, csv, 'text/csv');
  const { createCatalog } = await clientGraphql<{
    createCatalog: { catalog: { id: string } | null; error: { message: string } | null };
  }>(session, CREATE_CATALOG, { key });
  const id = createCatalog.catalog?.id;
  if (!id)
    throw new Error(`the sample catalogue was refused: ${createCatalog.error?.message ?? 'no answer'}`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { catalog } = await clientGraphql<{ catalog: { itemCount: number } }>(session, CATALOG_ITEMS, {
      id,
    });
    if (catalog.itemCount === SAMPLE_ITEMS) return;
    if (Date.now() > deadline) throw new Error('the sample catalogue was not imported within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** When the canvas first drew the ad (product view), in ms since the navigation; null when it never did. */
async function productDrawnAt(page: Page, timeoutMs = 30_000): Promise<number | null> {
  try {
    const handle = await page.waitForFunction(
      () => {
        const canvas = document.querySelector<HTMLCanvasElement>('canvas[aria-label="Template canvas"]');
        const at = canvas?.dataset.productDrawnAt;
        return at === undefined ? false : Number(at);
      },
      null,
      { timeout: timeoutMs },
    );
    return (await handle.jsonValue()) as number;
  } catch {
    return null;
  }
}

const builderUrl = (server: BenchServer, id: string) =>
  `/clients/${server.clientId}/products/templates/${id}/`;

/** Opens a template in a fresh page; resolves with the page and the time (ms since navigation) all layers showed. */
async function openTemplate(
  context: BrowserContext,
  url: string,
  layers: number,
): Promise<{ page: Page; shownMs: number; operations: string[] }> {
  const page = await context.newPage();
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  // The GraphQL operations the page asks for, in the order it asks (the timeline names its requests by them).
  const operations: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !new URL(request.url()).pathname.startsWith('/api/')) return;
    const body = request.postDataJSON() as { operationName?: string; query?: string } | null;
    operations.push(body?.operationName ?? /(?:query|mutation)\s+(\w+)/.exec(body?.query ?? '')?.[1] ?? '?');
  });
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (count) =>
      window.__builderBench?.layerCounts.find((entry) => entry.count === count && entry.shownAt !== null)
        ?.shownAt,
    layers,
    { timeout: 60_000 },
  );
  return { page, shownMs: (await handle.jsonValue()) as number, operations };
}

/**
 * The open's timeline: the document, each script, style, font and GraphQL request (start → end, what it
 * asked for), and when the canvas drew each number of layers: where the time to open goes.
 */
async function openTimeline(page: Page, operations: readonly string[]): Promise<string[]> {
  const entries = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      name: r.name,
      start: r.startTime,
      end: r.responseEnd,
    }));
    return {
      document: nav
        ? { start: nav.startTime, end: nav.responseEnd, dom: nav.domContentLoadedEventEnd }
        : null,
      resources,
      layers: window.__builderBench.layerCounts.map((entry) => ({ count: entry.count, at: entry.shownAt })),
    };
  });
  const line = (start: number, end: number, what: string) =>
    `  ${start.toFixed(0).padStart(6)} → ${end.toFixed(0).padStart(6)}  ${what}`;
  const lines: string[] = [];
  if (entries.document)
    lines.push(
      line(
        entries.document.start,
        entries.document.end,
        `document (DOM ready ${entries.document.dom.toFixed(0)})`,
      ),
    );
  let operation = 0;
  for (const resource of entries.resources) {
    const url = new URL(resource.name);
    const graphql = url.pathname.startsWith('/api/') ? ` ${operations[operation++] ?? '?'}` : '';
    lines.push(line(resource.start, resource.end, url.pathname + graphql));
  }
  for (const layer of entries.layers)
    if (layer.at !== null) lines.push(line(layer.at, layer.at, `the canvas showed ${layer.count} layers`));
  return lines;
}

/**
 * Waits until the fonts are in and the texts drawn again with them (the view re-makes them then), and the
 * product view has drawn the ad; says whether it did.
 */
async function settle(page: Page): Promise<boolean> {
  const product = (await productDrawnAt(page)) !== null;
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(500);
  return product;
}

/** Drags the top object with the mouse; returns the frames recorded while the button was held. */
async function drag(page: Page): Promise<ProbeFrame[]> {
  const box = await page.getByTestId('builder-canvas').locator('canvas.upper-canvas').boundingBox();
  if (!box) throw new Error('the builder canvas is not on the page');
  // The builder opens fitted to the room it has: screen pixels per canvas unit.
  const zoom = box.width / CANVAS_SIZE;
  const start = {
    x: box.x + (DRAGGED.left + DRAGGED.width / 2) * zoom,
    y: box.y + (DRAGGED.top + DRAGGED.height / 2) * zoom,
  };
  await page.mouse.move(start.x, start.y);
  await page.evaluate(() => window.__builderBench.startFrames());
  await page.mouse.down();
  for (let step = 1; step <= DRAG_STEPS; step += 1)
    await page.mouse.move(start.x + step * STEP.x * zoom, start.y + step * STEP.y * zoom);
  const frames = await page.evaluate(() => window.__builderBench.stopFrames());
  await page.mouse.up();
  // The drag must have moved the object (within the snap distance of where the mouse took it).
  const x = Number(await page.getByRole('textbox', { name: 'X', exact: true }).inputValue());
  const expected = DRAGGED.left + DRAG_STEPS * STEP.x;
  if (!(Math.abs(x - expected) <= 4))
    throw new Error(`the drag did not move the object: X is ${x}, expected about ${expected}`);
  return frames;
}

interface FrameFigures {
  times: number[];
  intervals: number[];
  frames: number;
}

/** Frame times and intervals of the frames the page drew in (all frames when `drawnOnly` is false). */
function frameFigures(frames: readonly ProbeFrame[], drawnOnly: boolean): FrameFigures {
  const times: number[] = [];
  const intervals: number[] = [];
  frames.forEach((frame, index) => {
    if (drawnOnly && !frame.drawn) return;
    // A frame whose start came while the previous frame's work still ran begins its own work after it.
    const previous = frames[index - 1];
    times.push(frame.end - Math.max(frame.start, previous ? previous.end : frame.start));
    const next = frames[index + 1];
    if (next) intervals.push(next.start - frame.start);
  });
  return { times, intervals, frames: frames.length };
}

function merge(figures: readonly FrameFigures[]): FrameFigures {
  return {
    times: figures.flatMap((figure) => figure.times),
    intervals: figures.flatMap((figure) => figure.intervals),
    frames: figures.reduce((sum, figure) => sum + figure.frames, 0),
  };
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const verdict = (met: boolean): string => (met ? 'met' : 'MISSED');

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadavg()[0]!;
  log('starting the server on a fresh embedded database');
  const server = await startBenchServer();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-extensions',
        '--no-first-run',
        '--hide-scrollbars',
        '--mute-audio',
      ],
    });
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1800, height: 1400 },
      deviceScaleFactor: 1,
    });
    await context.addInitScript(PAGE_PROBE);
    const session = { context, server };
    const signInPage = await context.newPage();
    await signIn(signInPage);
    await signInPage.close();

    log(`saving the ${OPEN_LAYERS}-, ${DRAG_LAYERS}- and ${ALONE_LAYERS}-layer templates through GraphQL`);
    const openId = await createTemplate(session, 'Bench open', benchTemplateSvg('Bench open', OPEN_LAYERS));
    const dragId = await createTemplate(session, 'Bench drag', benchTemplateSvg('Bench drag', DRAG_LAYERS));
    const aloneId = await createTemplate(
      session,
      'Bench alone',
      benchTemplateSvg('Bench alone', ALONE_LAYERS),
    );

    log(`importing the sample catalogue of ${SAMPLE_ITEMS} items (the product view draws its first)`);
    await importSampleCatalogue(session);

    log(`opening the ${OPEN_LAYERS}-layer template, 1 cold run then ${OPEN_RUNS - 1} warm runs`);
    const openMs: number[] = [];
    const productMs: (number | null)[] = [];
    let timeline: string[] = [];
    for (let run = 0; run < OPEN_RUNS; run += 1) {
      const { page, shownMs, operations } = await openTemplate(
        context,
        builderUrl(server, openId),
        OPEN_LAYERS,
      );
      openMs.push(shownMs);
      productMs.push(await productDrawnAt(page));
      if (run === OPEN_RUNS - 1) timeline = await openTimeline(page, operations);
      await page.close();
    }
    const [coldOpenMs, ...warmOpenMs] = openMs;
    const warmProductMs = productMs.slice(1).filter((value): value is number => value !== null);
    const productOpenMs = warmProductMs.length > 0 ? median(warmProductMs) : null;

    // The baseline: the same screen opening a template of 2 layers (what opening costs without the layers).
    log(`opening the ${ALONE_LAYERS}-layer template, ${OPEN_RUNS - 1} warm runs`);
    const aloneOpenMs: number[] = [];
    for (let run = 0; run < OPEN_RUNS - 1; run += 1) {
      const { page, shownMs } = await openTemplate(context, builderUrl(server, aloneId), ALONE_LAYERS);
      aloneOpenMs.push(shownMs);
      await page.close();
    }

    log(`dragging one object among ${DRAG_LAYERS} and alone, ${DRAG_ROUNDS} rounds of ${DRAG_STEPS} steps`);
    const crowded: FrameFigures[] = [];
    const alone: FrameFigures[] = [];
    let idle: FrameFigures | undefined;
    let dragProductView = true;
    for (let round = 0; round < DRAG_ROUNDS; round += 1) {
      const empty = await openTemplate(context, builderUrl(server, aloneId), ALONE_LAYERS);
      await settle(empty.page);
      alone.push(frameFigures(await drag(empty.page), true));
      await empty.page.close();

      const full = await openTemplate(context, builderUrl(server, dragId), DRAG_LAYERS);
      if (!(await settle(full.page))) dragProductView = false;
      if (!idle) {
        await full.page.evaluate(() => window.__builderBench.startFrames());
        await full.page.waitForTimeout(IDLE_MS);
        idle = frameFigures(await full.page.evaluate(() => window.__builderBench.stopFrames()), false);
      }
      crowded.push(frameFigures(await drag(full.page), true));
      await full.page.close();
    }
    const dragged = merge(crowded);
    const baseline = merge(alone);
    if (dragged.times.length === 0 || baseline.times.length === 0 || !idle)
      throw new Error('no frames were drawn during the drags');

    const open = median(warmOpenMs);
    const frame = median(dragged.times);
    const rows: string[][] = [
      ['measure', 'value', 'target', ''],
      [
        `open ${OPEN_LAYERS} layers, warm (median of ${warmOpenMs.length})`,
        ms(open),
        `< ${TARGET_OPEN_MS} ms`,
        verdict(open < TARGET_OPEN_MS),
      ],
      [
        '  warm runs, fastest to slowest',
        `${ms(Math.min(...warmOpenMs))} to ${ms(Math.max(...warmOpenMs))}`,
        '',
        '',
      ],
      ['  first, cold run', ms(coldOpenMs!), '', ''],
      [
        `first product-view draw, warm (median of ${warmProductMs.length})`,
        productOpenMs === null ? 'none' : ms(productOpenMs),
        '',
        '',
      ],
      ['  first, cold run', productMs[0] == null ? 'none' : ms(productMs[0]), '', ''],
      [`baseline: open ${ALONE_LAYERS} layers, warm (median)`, ms(median(aloneOpenMs)), '', ''],
      [
        `drag among ${DRAG_LAYERS}, product view ${dragProductView ? 'on' : 'NOT drawn'}: frame time (median)`,
        ms(frame),
        `< ${TARGET_FRAME_MS} ms`,
        verdict(frame < TARGET_FRAME_MS),
      ],
      [`drag among ${DRAG_LAYERS}: frame time (p95)`, ms(quantile(dragged.times, 0.95)), '', ''],
      [
        `drag among ${DRAG_LAYERS}: frame interval (median, p95)`,
        `${ms(median(dragged.intervals))}, ${ms(quantile(dragged.intervals, 0.95))}`,
        '',
        '',
      ],
      ['  frames drawn / recorded', `${dragged.times.length} / ${dragged.frames}`, '', ''],
      [
        'baseline: drag alone, frame time (median, p95)',
        `${ms(median(baseline.times))}, ${ms(quantile(baseline.times, 0.95))}`,
        '',
        '',
      ],
      ['baseline: drag alone, frame interval (median)', ms(median(baseline.intervals)), '', ''],
      ['baseline: idle frame time (median)', ms(median(idle.times)), '', ''],
      ['baseline: idle frame interval (median)', ms(median(idle.intervals)), '', ''],
    ];
    console.log(
      `\nbuilder benchmark: headless Chromium (software rendering), canvas 1080 × 1080 fitted to the window, ` +
        `${DRAG_ROUNDS} × ${DRAG_STEPS} mouse steps per drag (${(since(started) / 1000).toFixed(0)} s)\n` +
        `machine: ${availableParallelism()} cores, 1-minute load average ${loadAtStart.toFixed(1)} at the ` +
        `start, ${loadavg()[0]!.toFixed(1)} at the end\n`,
    );
    console.log(table(rows));
    console.log(
      "\nFrame time: from a frame's start (its requestAnimationFrame time) to the end of its main-thread " +
        "work (input, fabric's render, paint),\nfor the frames the page drew in. Frame interval: to the " +
        'next frame, what the user sees (Chromium paces frames at 60 Hz, 16.7 ms).\nOpen: from the ' +
        "navigation's start to the end of the frame that first drew every layer (texts may still be in a " +
        'fallback font then).',
    );
    console.log(
      `\nWhere the last warm open's time went (ms since the navigation started):\n${timeline.join('\n')}`,
    );
    console.log(
      JSON.stringify({
        openMs: round1(open),
        openColdMs: round1(coldOpenMs!),
        productDrawnMs: productOpenMs === null ? null : round1(productOpenMs),
        productDrawnColdMs: productMs[0] == null ? null : round1(productMs[0]),
        dragProductView,
        aloneOpenMs: round1(median(aloneOpenMs)),
        frameMs: round1(frame),
        frameP95Ms: round1(quantile(dragged.times, 0.95)),
        frameIntervalMs: round1(median(dragged.intervals)),
        frameIntervalP95Ms: round1(quantile(dragged.intervals, 0.95)),
        aloneFrameMs: round1(median(baseline.times)),
        aloneFrameP95Ms: round1(quantile(baseline.times, 0.95)),
        idleFrameMs: round1(median(idle.times)),
      }),
    );
  } finally {
    await browser?.close();
    await server.close();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
