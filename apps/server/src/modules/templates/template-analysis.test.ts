import { pngClaiming } from '@adloom/renderer/test-fixtures';
import { describe, expect, it } from 'vitest';
import { builderSvg } from '../../../test/fixtures/templates.js';
import { analyseTemplate } from './template-analysis.js';

/** A PNG data: URL whose header claims width × height (the renderer judges it from that). */
const pictureClaiming = (width: number, height: number) =>
  `data:image/png;base64,${pngClaiming(width, height).toString('base64')}`;

describe("saving a template checks its pictures against the renderer's pixel limit", () => {
  it('refuses a template embedding a 20000 × 20000 picture, naming it and the limit', () => {
    const template = builderSvg({
      extra: `<image id="hero" x="0" y="0" width="1080" height="1080" href="${pictureClaiming(20_000, 20_000)}"/>`,
    });
    expect(() => analyseTemplate(template, 'Bomb')).toThrow(
      expect.objectContaining({
        code: 'INVALID_TEMPLATE',
        message:
          'Template image <image id="hero"> is 20000 × 20000 pixels, more than the limit of 25 megapixels; use a smaller image.',
      }),
    );
  });

  it('saves a template whose picture is within the limit', () => {
    const template = builderSvg({
      extra: `<image id="hero" width="1080" height="1080" href="${pictureClaiming(5000, 5000)}"/>`,
    });
    expect(analyseTemplate(template, 'Fine')).toMatchObject({ width: 1080, height: 1080 });
  });
});
