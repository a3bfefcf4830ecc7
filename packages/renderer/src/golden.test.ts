/**
 * Golden images: every folder of packages/renderer/golden/ is one feature, with template.svg,
 * request.json and either expected.png (the render must match it) or expected-error.txt (the render
 * must fail with that message). Input images are generated here with sharp, named in request.json as
 * `gen:<kind>-<width>x<height>.<png|jpg>` (kinds: quadrants, logo); custom fonts as
 * `fontsource:<package>/<file>.woff`. `UPDATE_GOLDEN=1 npx vitest run packages/renderer/src/golden.test.ts`
 * rewrites the baselines: look at each one before committing it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeError } from './resolve/errors.js';
import { FontCache, type FontSource } from './resolve/text/font-loader.js';
import { fileFontSource } from './server/fonts.js';
import type { ImageLoader } from './server/render.js';
import { render } from './server/render.js';
import { logoImage, memoryLoader, pixelDifference, quadrantImage } from './server/test/images.js';

const GOLDEN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../golden');
/** Failing renders are written here (ignored by git) to compare with the baseline. */
const ACTUAL_DIR = path.resolve(GOLDEN_DIR, '../../../.tmp/golden-actual');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
/** A pixel differs when a channel moves by more than this (of 255). */
const CHANNEL_TOLERANCE = 8;
/** A render fails when more than this share of its pixels differ. */
const MAX_DIFFERENT = 0.005;

const require = createRequire(import.meta.url);
const generated = new Map<string, Promise<Buffer>>();

function generate(source: string): Promise<Buffer> | undefined {
  const match = /^gen:(quadrants|logo)-(\d+)x(\d+)\.(png|jpg)$/.exec(source);
  if (!match) return undefined;
  const [, kind, width, height, extension] = match;
  let image = generated.get(source);
  if (!image) {
    image =
      kind === 'logo'
        ? logoImage(Number(width), Number(height))
        : quadrantImage(Number(width), Number(height), extension === 'jpg' ? 'jpeg' : 'png');
    generated.set(source, image);
  }
  return image;
}

const loadImage: ImageLoader = async (source, options) => {
  const bytes = await generate(source);
  if (!bytes) throw new Error(`Image ${source} is not a gen: test image`);
  return memoryLoader({ [source]: bytes })(source, options);
};

const serverFonts = fileFontSource();
const fonts: FontSource = {
  catalogueFont: (file, signal) => serverFonts.catalogueFont(file, signal),
  async customFont(url) {
    const match = /^fontsource:(.+)$/.exec(url);
    if (!match) throw new Error(`custom font ${url} is not a fontsource: test font`);
    return readFile(require.resolve(`@fontsource/${match[1]}`));
  },
};
const fontCache = new FontCache();

const cases = readdirSync(GOLDEN_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Reads a case's request with its template. */
function readCase(name: string): Record<string, unknown> {
  const dir = path.join(GOLDEN_DIR, name);
  const request = JSON.parse(readFileSync(path.join(dir, 'request.json'), 'utf8')) as Record<string, unknown>;
  request.template = readFileSync(path.join(dir, 'template.svg'), 'utf8');
  return request;
}

describe('golden images', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));

  it.skipIf(UPDATE)('notices a mistake as small as half a star', async () => {
    const request = readCase('rating-3.5');
    const wrong = await render(
      { ...request, metadata: { rating_value: 3 } },
      { loadImage, fonts, fontCache },
    );
    const baseline = readFileSync(path.join(GOLDEN_DIR, 'rating-3.5', 'expected.png'));
    expect(await pixelDifference(wrong.bytes, baseline, CHANNEL_TOLERANCE)).toBeGreaterThan(MAX_DIFFERENT);
  });

  it.concurrent.each(cases)('%s', async (name) => {
    const dir = path.join(GOLDEN_DIR, name);
    const request = readCase(name);
    const errorFile = path.join(dir, 'expected-error.txt');
    const render_ = () => render(request, { loadImage, fonts, fontCache });
    if (existsSync(errorFile)) {
      const expected = readFileSync(errorFile, 'utf8').trim();
      await expect(render_().catch((error: unknown) => describeError(error))).resolves.toBe(expected);
      return;
    }
    const { bytes } = await render_();
    const expectedFile = path.join(dir, 'expected.png');
    if (UPDATE) {
      writeFileSync(expectedFile, bytes);
      return;
    }
    const actualFile = path.join(ACTUAL_DIR, `${name}.png`);
    if (!existsSync(expectedFile)) {
      mkdirSync(ACTUAL_DIR, { recursive: true });
      writeFileSync(actualFile, bytes);
      throw new Error(
        `golden/${name} has no expected.png: run with UPDATE_GOLDEN=1 and look at it (render: ${actualFile})`,
      );
    }
    const different = await pixelDifference(bytes, readFileSync(expectedFile), CHANNEL_TOLERANCE);
    if (different > MAX_DIFFERENT) {
      mkdirSync(ACTUAL_DIR, { recursive: true });
      writeFileSync(actualFile, bytes);
    }
    expect(
      different,
      `golden/${name} differs from expected.png; the render is ${actualFile}`,
    ).toBeLessThanOrEqual(MAX_DIFFERENT);
  });
});
