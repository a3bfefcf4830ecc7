import { describe, expect, it } from 'vitest';
import { builderSvg } from '../../../test/fixtures/templates.js';
import { analyseTemplate } from './template-analysis.js';

/** A PNG data: URL that is only a header claiming width × height (the renderer judges it from that). */
function pictureClaiming(width: number, height: number): string {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header[24] = 8;
  header[25] = 2;
  return `data:image/png;base64,${header.toString('base64')}`;
}

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
