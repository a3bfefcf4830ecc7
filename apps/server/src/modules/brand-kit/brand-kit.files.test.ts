import { pngClaiming } from '@adloom/renderer/test-fixtures';
import { describe, expect, it } from 'vitest';
import { pngLogo } from '../../../test/fixtures/brand-kit.js';
import { checkLogo } from './brand-kit.files.js';

describe("a brand-kit logo and the renderer's pixel limit", () => {
  it('refuses a PNG over the limit from its header, with the renderer’s words', async () => {
    await expect(checkLogo(pngClaiming(20_000, 20_000), 'huge.png')).rejects.toMatchObject({
      code: 'INVALID_FILE',
      message:
        "Logo 'huge.png' is 20000 × 20000 pixels, more than the limit of 25 megapixels; use a smaller image.",
    });
    // One pixel row over 5000 × 5000: refused before sharp could call it damaged (it holds only a few rows).
    await expect(checkLogo(pngClaiming(5000, 5001), 'tall.png')).rejects.toThrow(
      "Logo 'tall.png' is 5000 × 5001 pixels, more than the limit of 25 megapixels",
    );
  });

  it('refuses an SVG logo carrying a bomb inside, which the thumbnail would have decoded', async () => {
    const inner = `data:image/png;base64,${pngClaiming(12_000, 12_000).toString('base64')}`;
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120"><image width="240" height="120" href="${inner}"/></svg>`,
    );
    await expect(checkLogo(svg, 'mark.svg')).rejects.toMatchObject({
      code: 'INVALID_FILE',
      message:
        "Logo 'mark.svg' contains an image of 12000 × 12000 pixels, more than the limit of 25 megapixels; use a smaller image.",
    });
  });

  it('still takes an ordinary logo', async () => {
    await expect(checkLogo(await pngLogo(1200, 600), 'logo.png')).resolves.toMatchObject({
      format: 'png',
      width: 1200,
      height: 600,
    });
  });
});
