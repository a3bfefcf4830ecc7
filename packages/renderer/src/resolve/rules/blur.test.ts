import { describe, expect, it } from 'vitest';
import { blurPlan } from '../embed.js';
import { inner, setup } from '../test/helpers.js';
import { addBlurredBackground, blurDeviationFraction } from './blur.js';
import { addCopyLayer } from './copy.js';

describe('addBlurredBackground', () => {
  it('draws the first input 1.3 × cover around the box centre, blurred, as a picture of the box', () => {
    const { root, context } = setup('<rect id="MAIN_BLUR" x="0" y="0" width="1000" height="500"/>', {
      inputs: [{ input: 'https://cdn.test/a.jpg' }],
    });
    expect(inner(addBlurredBackground(root, context))).toBe(
      '<g id="MAIN_BLUR"><image x="0" y="0" width="1000" height="500" preserveAspectRatio="none" href="adloom-image:1"/></g>',
    );
    const [need] = context.images;
    expect(need).toMatchObject({
      kind: 'blur',
      fit: 'cover',
      width: 1000,
      height: 500,
      pixelWidth: 1000,
      pixelHeight: 500,
      enlarge: 1.3,
      source: 'https://cdn.test/a.jpg',
    });
    expect(need!.blurFraction).toBeCloseTo(0.0196, 4);
  });

  it('keeps rounded corners', () => {
    const { root, context } = setup('<rect id="MAIN_BLUR" width="100" height="50" rx="8"/>', {
      inputs: [{ input: 'a' }],
    });
    expect(inner(addBlurredBackground(root, context))).toContain(
      '<rect x="0" y="0" width="100" height="50" rx="8" ry="8" fill="url(#adloom-pattern-1)"/>',
    );
  });

  it("matches fabric's tent filter: σ = 0.12 × 0.4 / √6 of the drawn image's smaller side", () => {
    expect(blurDeviationFraction(0.4)).toBeCloseTo(0.048 / Math.sqrt(6), 10);
    const { root, context } = setup('<rect id="MAIN_BLUR" width="1000" height="500"/>', {
      inputs: [{ input: 'a' }],
    });
    addBlurredBackground(root, context);
    const need = context.images[0]!;
    // A square photo covering a 1300 × 650 viewport is drawn 1300 × 1300, blurred at a quarter of that.
    const square = blurPlan(need, { width: 400, height: 400 });
    expect(square.drawn).toEqual({ width: 1300, height: 1300 });
    expect(square.small).toEqual({ width: 325, height: 325 });
    expect(square.smallSigma! * 4).toBeCloseTo(1300 * blurDeviationFraction(0.4), 6);
    // The box is the centre 1000 × 500 of it.
    expect(square.scaled).toEqual({ width: 1300, height: 1300 });
    expect(square.crop).toEqual({ left: 150, top: 400 });
    expect(square.output).toEqual({ width: 1000, height: 500 });
    // A wide photo (4:1) is drawn 2600 × 650.
    const wide = blurPlan(need, { width: 800, height: 200 });
    expect(wide.drawn).toEqual({ width: 2600, height: 650 });
    expect(wide.smallSigma! * 4).toBeCloseTo(650 * blurDeviationFraction(0.4), 6);
    expect(wide.crop).toEqual({ left: 800, top: 75 });
  });

  it('removes the blur and copy layers with a warning when there is no input', () => {
    const { root, context } = setup(
      '<rect id="MAIN_BLUR" width="10" height="10"/><rect id="MAIN_COPY" width="1" height="1"/>',
    );
    expect(inner(addCopyLayer(addBlurredBackground(root, context), context))).toBe('');
    expect(context.warnings).toHaveLength(2);
  });
});

describe('addCopyLayer', () => {
  it('covers the copy layer with the first input, centred', () => {
    const { root, context } = setup('<image id="MAIN_COPY" x="1" y="2" width="3" height="4" href="#x"/>', {
      inputs: [{ input: 'first.png' }, { input: 'second.png' }],
    });
    expect(inner(addCopyLayer(root, context))).toContain(
      'preserveAspectRatio="xMidYMid slice" href="adloom-image:1"',
    );
    expect(context.images[0]).toMatchObject({ source: 'first.png', kind: 'copy', fit: 'cover' });
  });
});
