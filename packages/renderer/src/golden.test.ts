/**
 * Golden images: every folder of packages/renderer/golden/ is one feature, with template.svg,
 * request.json and either expected.png (the render must match it) or expected-error.txt (the render
 * must fail with that message). Input images are generated with sharp (server/test/golden.ts), named as
 * `gen:<kind>-<width>x<height>.<png|jpg>` (kinds: quadrants, logo); custom fonts as
 * `fontsource:<package>/<file>.woff`. `UPDATE_GOLDEN=1 npx vitest run packages/renderer/src/golden.test.ts`
 * rewrites the baselines: look at each one before committing it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeError } from './resolve/errors.js';
import { FontCache } from './resolve/text/font-loader.js';
import { render, renderPlan } from './server/render.js';
import {
  CHANNEL_TOLERANCE,
  GOLDEN_DIR,
  goldenCases,
  goldenFontSource,
  goldenImageLoader,
  MAX_DIFFERENT,
  readGoldenCase as readCase,
} from './server/test/golden.js';
import { pixelDifference } from './server/test/images.js';

/** Failing renders are written here (ignored by git) to compare with the baseline. */
const ACTUAL_DIR = path.resolve(GOLDEN_DIR, '../../../.tmp/golden-actual');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
/**
 * Pictures of the suite that render() leaves to resvg (compose/plan.ts) as measured when the compositor
 * came: shared pictures drawn smaller for a second layer, turned or enlarged layers, a height rounded a
 * pixel over its box. More means a regression of the compositor; fewer, lower this.
 */
const MAX_FALLBACKS = 12;

const loadImage = goldenImageLoader();
const fonts = goldenFontSource();
const fontCache = new FontCache();
const cases = goldenCases();

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

  it('composes most pictures itself; those it leaves to resvg are listed', async () => {
    const fallbacks: string[] = [];
    let composed = 0;
    for (const name of cases) {
      if (existsSync(path.join(GOLDEN_DIR, name, 'expected-error.txt'))) continue;
      const plan = await renderPlan(readCase(name), { loadImage, fonts, fontCache });
      composed += plan.layers.filter((layer) => layer.kind === 'picture').length;
      for (const fallback of plan.fallbacks)
        fallbacks.push(`${name}: ${fallback.layerId} (${fallback.reason})`);
    }
    console.log(
      `golden pictures composed: ${composed}, left to resvg: ${fallbacks.length}\n  ${fallbacks.join('\n  ')}`,
    );
    expect(fallbacks.length).toBeLessThanOrEqual(MAX_FALLBACKS);
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
