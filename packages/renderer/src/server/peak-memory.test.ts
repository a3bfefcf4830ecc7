/**
 * Pixel bombs against the server renderer, each rendered in a fresh process (test/peak-rss-child.ts)
 * started as a render worker is (RENDER_WORKER_ENV), whose peak resident memory is then read: a refused
 * bomb must cost nothing, and a render at the pixel limit must stay under 300 MB.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { pngBomb } from './images/test/fixtures.js';
import type { PeakReport } from './test/peak-rss-child.js';
import { RENDER_WORKER_ENV } from './worker-env.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repository = path.resolve(here, '../../../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'adloom-peak-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PEAK_MB = 300;
const TIMEOUT_MS = 120_000;

/** Renders `request` in a fresh worker-like process and reports what happened and its peak memory. */
async function renderInChild(name: string, request: object): Promise<PeakReport> {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(request));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'test/peak-rss-child.ts'), file],
    { cwd: repository, env: { ...process.env, ...RENDER_WORKER_ENV }, maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as PeakReport;
}

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
const svg = (body: string, size = 1080) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${body}</svg>`;

describe('pixel bombs, each rendered in a process of its own', () => {
  it(
    'refuses a template embedding a 20000 × 20000 PNG, and the process stays small',
    async () => {
      const template = svg(
        `<image id="backdrop" width="1080" height="1080" href="${dataUrl(pngBomb(20_000, 20_000))}"/>` +
          '<rect id="MAIN_001" width="500" height="500"/>',
      );
      writeFileSync(path.join(dir, 'photo.png'), pngBomb(400, 400));
      const report = await renderInChild('template-bomb', {
        template,
        inputs: [{ input: path.join(dir, 'photo.png') }],
      });
      expect(report).toMatchObject({
        rendered: false,
        code: 'TOO_MANY_PIXELS',
        message:
          'Template image <image id="backdrop"> is 20000 × 20000 pixels, more than the limit of 25 megapixels; use a smaller image',
      });
      expect(report.maxRssMb).toBeLessThan(PEAK_MB);
    },
    TIMEOUT_MS,
  );

  it(
    'refuses an SVG input carrying a 12000 × 12000 PNG inside, and the process stays small',
    async () => {
      const inner = `<image width="100" height="100" href="${dataUrl(pngBomb(12_000, 12_000))}"/>`;
      writeFileSync(path.join(dir, 'nested.svg'), svg(inner, 100));
      const report = await renderInChild('nested-bomb', {
        template: svg('<rect id="MAIN_001" width="500" height="500"/>'),
        inputs: [{ input: path.join(dir, 'nested.svg') }],
      });
      expect(report).toMatchObject({ rendered: false, code: 'TOO_MANY_PIXELS' });
      expect(report.message).toMatch(
        /contains an image of 12000 × 12000 pixels, more than the limit of 25 megapixels/,
      );
      expect(report.maxRssMb).toBeLessThan(PEAK_MB);
    },
    TIMEOUT_MS,
  );

  it(
    'renders a template picture and an input at the limit, in a box eight times the canvas, under 300 MB',
    async () => {
      writeFileSync(path.join(dir, 'limit.png'), pngBomb(5000, 5000));
      const template = svg(
        '<rect id="MAIN_BLUR" width="8000" height="8000"/>' +
          `<image id="backdrop" width="1080" height="1080" href="${dataUrl(pngBomb(5000, 5000))}"/>` +
          '<rect id="MAIN_001" width="8000" height="8000"/>',
      );
      const report = await renderInChild('at-the-limit', {
        template,
        inputs: [{ input: path.join(dir, 'limit.png') }],
      });
      expect(report).toMatchObject({ rendered: true });
      expect(report.maxRssMb).toBeLessThan(PEAK_MB);
    },
    TIMEOUT_MS,
  );

  it(
    'renders a GIF at the limit (the costliest format to decode) with a blurred background, under 300 MB',
    async () => {
      const gif = await sharp(pngBomb(5000, 5000), { limitInputPixels: false }).gif().toBuffer();
      writeFileSync(path.join(dir, 'limit.gif'), gif);
      const report = await renderInChild('gif-at-the-limit', {
        template: svg(
          '<rect id="MAIN_BLUR" width="1080" height="1080"/><rect id="MAIN_001" width="1080" height="1080"/>',
        ),
        inputs: [{ input: path.join(dir, 'limit.gif') }],
      });
      expect(report).toMatchObject({ rendered: true });
      expect(report.maxRssMb).toBeLessThan(PEAK_MB);
    },
    TIMEOUT_MS,
  );

  it(
    'renders a blurred background whose box is 20000 units wide (a bomb made of geometry) under 300 MB',
    async () => {
      writeFileSync(path.join(dir, 'small.png'), pngBomb(100, 100));
      const report = await renderInChild('blur-box', {
        template: svg(
          '<rect id="MAIN_BLUR" width="20000" height="20000"/><rect id="MAIN_001" width="500" height="500"/>',
        ),
        inputs: [{ input: path.join(dir, 'small.png') }],
      });
      expect(report).toMatchObject({ rendered: true });
      expect(report.maxRssMb).toBeLessThan(PEAK_MB);
    },
    TIMEOUT_MS,
  );
});
