/**
 * Headless Chromium drawing the renderer's final SVG (images embedded as data URLs), the comparison of
 * `npm run bench:render`. Two measures: a page screenshot (what a Chromium-based render service does:
 * load the page, paint, encode PNG, hand the bytes over), and, as a lower bound, the page itself
 * drawing the SVG into a canvas and encoding a PNG blob, timed inside the page.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Per-run times in milliseconds. */
export interface ChromiumTimes {
  screenshotMs: number[];
  canvasMs: number[];
}

/**
 * Runs in the page (plain JavaScript, so the TypeScript loader adds no helpers): draws the SVG
 * through an <img> into a canvas and encodes a PNG, `runs` times; returns each run's time.
 */
const CANVAS_RUNS = `async ({ svg, width, height, runs }) => {
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(image, 0, 0, width, height);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob || blob.size === 0) throw new Error('canvas.toBlob gave no PNG');
    times.push(performance.now() - started);
    URL.revokeObjectURL(url);
  }
  return times;
}`;

/**
 * Times Chromium on `svg` (width × height): `warmUps` unmeasured runs, then `runs` measured ones per
 * measure. Undefined when Chromium is not installed.
 */
export async function timeChromium(
  svg: string,
  size: { width: number; height: number },
  warmUps: number,
  runs: number,
): Promise<ChromiumTimes | undefined> {
  if (!existsSync(CHROMIUM_PATH)) return undefined;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-extensions',
      '--disable-dev-shm-usage',
      '--hide-scrollbars',
      '--mute-audio',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: size, deviceScaleFactor: 1 });
    const html =
      '<!doctype html><html><head><style>html,body{margin:0;background:#fff}svg{display:block}</style>' +
      `</head><body>${svg}</body></html>`;
    const clip = { x: 0, y: 0, ...size };
    const screenshotMs: number[] = [];
    for (let run = 0; run < warmUps + runs; run += 1) {
      const started = performance.now();
      // A fresh document each run, so nothing painted before is reused; 'load' waits for the images.
      await page.setContent(html, { waitUntil: 'load' });
      const png = await page.screenshot({ type: 'png', clip });
      if (png.length === 0) throw new Error('Chromium returned an empty screenshot');
      if (run >= warmUps) screenshotMs.push(performance.now() - started);
    }
    await page.setContent('<!doctype html><html><body></body></html>');
    const canvasMs = (await page.evaluate(
      `(${CANVAS_RUNS})(${JSON.stringify({ svg, ...size, runs: warmUps + runs })})`,
    )) as number[];
    return { screenshotMs, canvasMs: canvasMs.slice(warmUps) };
  } finally {
    await browser.close();
  }
}
