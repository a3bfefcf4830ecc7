// The renderer page at /renderer/ and "one engine on both sides": every golden case is rendered off-screen
// in Chromium (window.renderOffscreen) and in Node (the server's render) from the same request, and the
// two PNGs are compared with the golden test's pixel difference: a pixel differs when a channel moves by
// more than 8/255; a case fails above 0.5 % of pixels. Cases that must fail have to fail with the same
// message on both sides. Per-case figures go to the report and to .tmp/renderer-cross-engine.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { describeError, FontCache } from '@adloom/renderer';
import { render } from '@adloom/renderer/server';
import {
  CHANNEL_TOLERANCE,
  generateGoldenImage,
  goldenCases,
  goldenFontSource,
  goldenImageLoader,
  MAX_DIFFERENT,
  readGoldenCase,
  readGoldenFont,
} from '../packages/renderer/src/server/test/golden.js';
import { pixelDifference } from '../packages/renderer/src/server/test/images.js';

/** Cross-origin hosts the page fetches test images and fonts from (answered by page.route, with CORS). */
const IMAGE_HOST = 'https://images.adloom.test/';
const FONT_HOST = 'https://fonts.adloom.test/';
const summaryFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../.tmp/renderer-cross-engine.json',
);

/** `gen:x.jpg` → `https://images.adloom.test/gen/x.jpg`, `fontsource:…` → `https://fonts.adloom.test/fontsource/…`. */
function toUrls(value: unknown): unknown {
  if (typeof value === 'string')
    return value.replace(/^(gen|fontsource):/, (_, scheme: string) =>
      scheme === 'gen' ? `${IMAGE_HOST}gen/` : `${FONT_HOST}fontsource/`,
    );
  if (Array.isArray(value)) return value.map(toUrls);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, key === 'template' ? entry : toUrls(entry)]),
    );
  return value;
}

function toGolden(url: string): string {
  if (url.startsWith(`${IMAGE_HOST}gen/`)) return `gen:${url.slice(`${IMAGE_HOST}gen/`.length)}`;
  if (url.startsWith(`${FONT_HOST}fontsource/`))
    return `fontsource:${url.slice(`${FONT_HOST}fontsource/`.length)}`;
  return url;
}

/** What the page's functions look like from here (the root project has no DOM types). */
interface RendererWindow {
  renderOffscreen(request: unknown): Promise<{ dynamicLayerCount: number; imageDataUrl: string }>;
  render(request: unknown): Promise<{
    dynamicLayerCount: number;
    canvas: { width: number; height: number; isConnected: boolean; toDataURL(type: string): string };
    width: number;
    height: number;
    warnings: string[];
  }>;
}

type PageOutcome =
  | { ok: true; dynamicLayerCount: number; imageDataUrl: string; ms: number }
  | { ok: false; error: string; ms: number };

async function renderInPage(page: Page, request: unknown): Promise<PageOutcome> {
  return page.evaluate(async (req) => {
    const renderer = globalThis as unknown as RendererWindow;
    const started = performance.now();
    try {
      const result = await renderer.renderOffscreen(req);
      return { ok: true as const, ...result, ms: performance.now() - started };
    } catch (error) {
      const { message, reason } = error as { message?: unknown; reason?: unknown };
      const text = typeof reason === 'string' && reason ? `${String(message)} (${reason})` : String(message);
      return { ok: false as const, error: text, ms: performance.now() - started };
    }
  }, request);
}

const serverFonts = goldenFontSource(toGolden);
const serverImages = goldenImageLoader(toGolden);
const fontCache = new FontCache();
interface CaseFigures {
  differentPercent?: number;
  error?: string;
  browserMs: number;
  nodeMs: number;
}

/** Adds one case to the summary file (a failed test restarts the worker, so nothing is kept in memory). */
function record(name: string, figures: CaseFigures): void {
  mkdirSync(path.dirname(summaryFile), { recursive: true });
  const summary = existsSync(summaryFile)
    ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as Record<string, CaseFigures>)
    : {};
  summary[name] = figures;
  writeFileSync(summaryFile, `${JSON.stringify(summary, null, 2)}\n`);
}

test.describe('renderer page', () => {
  let page: Page;
  const problems: string[] = [];

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    page.on('console', (message) => {
      // The off-screen function logs the errors it rethrows (spec section 8); those are expected here.
      if (message.type() === 'error' && /Content Security Policy|Refused/i.test(message.text()))
        problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.route(`${IMAGE_HOST}**`, async (route) => {
      const bytes = await generateGoldenImage(toGolden(route.request().url()));
      if (!bytes) return route.fulfill({ status: 404, headers: { 'access-control-allow-origin': '*' } });
      const type = route.request().url().endsWith('.png') ? 'image/png' : 'image/jpeg';
      return route.fulfill({
        body: bytes,
        headers: { 'content-type': type, 'access-control-allow-origin': '*' },
      });
    });
    await page.route(`${FONT_HOST}**`, async (route) =>
      route.fulfill({
        body: await readGoldenFont(toGolden(route.request().url())),
        headers: { 'content-type': 'font/woff', 'access-control-allow-origin': '*' },
      }),
    );
    const response = await page.goto('/renderer/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("'wasm-unsafe-eval'");
    await page.waitForFunction(
      () => typeof (globalThis as unknown as RendererWindow).renderOffscreen === 'function',
    );
  });

  test.afterAll(async () => {
    await page?.close();
  });

  test('serves the page with a usage note and no policy violations', async () => {
    await expect(page.getByRole('heading', { name: 'Adloom renderer' })).toBeVisible();
    await expect(page.getByText('renderOffscreen(request)').first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('render() draws on a canvas added to the page; addToDOM: false keeps it out', async () => {
    const request = toUrls(readGoldenCase('ad-full'));
    const shown = await page.evaluate(async (req) => {
      const { canvas, dynamicLayerCount, width, height } = await (
        globalThis as unknown as RendererWindow
      ).render(req);
      const kept = await (globalThis as unknown as RendererWindow).render({
        ...(req as object),
        addToDOM: false,
      });
      const result = {
        inPage: canvas.isConnected,
        keptOut: !kept.canvas.isConnected,
        dynamicLayerCount,
        width,
        height,
        png: kept.canvas.toDataURL('image/png'),
      };
      (canvas as unknown as { remove(): void }).remove();
      return result;
    }, request);
    expect(shown).toMatchObject({
      inPage: true,
      keptOut: true,
      dynamicLayerCount: 1,
      width: 540,
      height: 540,
    });
    // With addToDOM false, render() is the off-screen render on a canvas: the same picture.
    const node = await render(request, { loadImage: serverImages, fonts: serverFonts, fontCache });
    const canvasPng = Buffer.from(shown.png.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await pixelDifference(canvasPng, node.bytes, CHANNEL_TOLERANCE)).toBeLessThanOrEqual(
      MAX_DIFFERENT,
    );
  });

  test('logs and rethrows errors with the spec text', async () => {
    const logged: string[] = [];
    const listener = (message: { type(): string; text(): string }) => {
      if (message.type() === 'error') logged.push(message.text());
    };
    page.on('console', listener);
    const outcome = await renderInPage(page, { template: '<svg', metadata: {} });
    page.off('console', listener);
    expect(outcome).toMatchObject({ ok: false });
    expect(outcome.ok || outcome.error).toMatch(/^could not parse the template! \(/);
    expect(logged.some((text) => text.startsWith('could not parse the template!'))).toBe(true);
  });

  for (const name of goldenCases()) {
    test(`the browser and the server draw golden/${name} alike`, async () => {
      const request = toUrls(readGoldenCase(name));
      const nodeStarted = performance.now();
      const nodeRender = render(request, { loadImage: serverImages, fonts: serverFonts, fontCache }).then(
        (result) => ({ ok: true as const, result, ms: performance.now() - nodeStarted }),
        (error: unknown) => ({
          ok: false as const,
          error: describeError(error),
          ms: performance.now() - nodeStarted,
        }),
      );
      const [browser, node] = await Promise.all([renderInPage(page, request), nodeRender]);
      const entry: CaseFigures = { browserMs: Math.round(browser.ms), nodeMs: Math.round(node.ms) };
      if (!node.ok) {
        record(name, { ...entry, error: node.error });
        expect(browser.ok ? 'rendered' : browser.error).toBe(node.error);
        test.info().annotations.push({ type: 'cross-engine', description: `both fail: ${node.error}` });
        return;
      }
      expect(browser.ok ? '' : browser.error).toBe('');
      if (!browser.ok) return;
      expect(browser.imageDataUrl).toMatch(/^data:image\/png;base64,/);
      expect(browser.dynamicLayerCount).toBe(node.result.dynamicLayerCount);
      const png = Buffer.from(browser.imageDataUrl.slice(browser.imageDataUrl.indexOf(',') + 1), 'base64');
      const metadata = await sharp(png).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([
        'png',
        node.result.width,
        node.result.height,
      ]);
      const different = await pixelDifference(png, node.result.bytes, CHANNEL_TOLERANCE);
      const differentPercent = Number((different * 100).toFixed(4));
      record(name, { ...entry, differentPercent });
      test.info().annotations.push({
        type: 'cross-engine',
        description: `${differentPercent} % of pixels differ by more than ${CHANNEL_TOLERANCE}/255 (browser ${entry.browserMs} ms, node ${entry.nodeMs} ms)`,
      });
      if (different > MAX_DIFFERENT || process.env.KEEP_RENDERS) {
        const dir = path.resolve(path.dirname(summaryFile), 'renderer-cross-engine');
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `${name}-browser.png`), png);
        writeFileSync(path.join(dir, `${name}-node.png`), node.result.bytes);
      }
      expect(different, `golden/${name}: ${differentPercent} % of pixels differ`).toBeLessThanOrEqual(
        MAX_DIFFERENT,
      );
    });
  }
});
