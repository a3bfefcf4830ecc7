import { describe, expect, it } from 'vitest';
import { blurDeviation } from '../embed.js';
import { inner, setup } from '../test/helpers.js';
import { addBlurredBackground, blurDeviationFraction } from './blur.js';
import { addCopyLayer } from './copy.js';

describe('addBlurredBackground', () => {
  it('draws the first input 1.3 × cover around the box centre, blurred and clipped to the box', () => {
    const { root, context } = setup('<rect id="MAIN_BLUR" x="0" y="0" width="1000" height="500"/>', {
      inputs: [{ input: 'https://cdn.test/a.jpg' }],
    });
    expect(inner(addBlurredBackground(root, context))).toBe(
      '<g id="MAIN_BLUR"><clipPath id="adloom-clip-1"><rect x="0" y="0" width="1000" height="500"/></clipPath>' +
        '<filter id="adloom-blur-2" filterUnits="userSpaceOnUse" x="-150" y="-75" width="1300" height="650" color-interpolation-filters="sRGB">' +
        '<feGaussianBlur stdDeviation="0" data-adloom-blur="adloom-image:1"/></filter>' +
        '<image x="-150" y="-75" width="1300" height="650" preserveAspectRatio="xMidYMid slice" href="adloom-image:1" filter="url(#adloom-blur-2)" clip-path="url(#adloom-clip-1)"/></g>',
    );
    const [need] = context.images;
    expect(need).toMatchObject({
      kind: 'blur',
      fit: 'cover',
      width: 1300,
      height: 650,
      source: 'https://cdn.test/a.jpg',
    });
    expect(need!.blurFraction).toBeCloseTo(0.0196, 4);
  });

  it("matches fabric's tent filter: σ = 0.12 × 0.4 / √6 of the drawn image's smaller side", () => {
    expect(blurDeviationFraction(0.4)).toBeCloseTo(0.048 / Math.sqrt(6), 10);
    const { root, context } = setup('<rect id="MAIN_BLUR" width="1000" height="500"/>', {
      inputs: [{ input: 'a' }],
    });
    addBlurredBackground(root, context);
    const need = context.images[0]!;
    // A square photo covering a 1300 × 650 viewport is drawn 1300 × 1300.
    expect(blurDeviation(need, { width: 400, height: 400 })).toBeCloseTo(
      1300 * blurDeviationFraction(0.4),
      6,
    );
    // A wide photo (4:1) is drawn 2600 × 650.
    expect(blurDeviation(need, { width: 800, height: 200 })).toBeCloseTo(650 * blurDeviationFraction(0.4), 6);
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
