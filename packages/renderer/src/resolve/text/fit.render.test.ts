/** Text auto-fit in pixels: the server renderer keeps a shrunk title inside its box. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { render } from '../../server/render.js';
import { svgTemplate } from '../test/helpers.js';

const BOX = { x: 60, y: 80, width: 480, height: 150 };
const TITLE = 'Explorer waterproof hiking backpack with padded laptop sleeve and rain cover';

/** The bounds of the dark pixels of a render of one black text on white. */
async function inkBounds(fitAttributes: string) {
  const template = svgTemplate(
    `<text id="t" title="${TITLE}" data-x="${BOX.x}" data-y="${BOX.y}" data-width="${BOX.width}" ` +
      `font-family="Open Sans" font-weight="700" font-size="96" fill="#000000" ${fitAttributes}>x</text>`,
    'width="600" height="600"',
  );
  const result = await render({ template, metadata: {}, inputs: [] }, { format: 'png' });
  const { data, info } = await sharp(result.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const bounds = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if (data[(y * info.width + x) * 3]! > 128) continue;
      bounds.left = Math.min(bounds.left, x);
      bounds.top = Math.min(bounds.top, y);
      bounds.right = Math.max(bounds.right, x + 1);
      bounds.bottom = Math.max(bounds.bottom, y + 1);
    }
  }
  return bounds;
}

describe('text auto-fit, rendered', () => {
  it('draws a long title inside its box once it has a fit rule, and past it without one', async () => {
    const unfitted = await inkBounds('');
    expect(unfitted.bottom).toBeGreaterThan(BOX.y + BOX.height + 50);

    const fitted = await inkBounds(`data-height="${BOX.height}" data-min-font-size="24"`);
    expect(fitted.left).toBeGreaterThanOrEqual(BOX.x);
    expect(fitted.right).toBeLessThanOrEqual(BOX.x + BOX.width);
    expect(fitted.top).toBeGreaterThanOrEqual(BOX.y);
    expect(fitted.bottom).toBeLessThanOrEqual(BOX.y + BOX.height);
    // Shrunk, not emptied: the text still fills most of the box's height.
    expect(fitted.bottom - fitted.top).toBeGreaterThan(BOX.height / 2);
  });

  it('at the minimum size, still stays inside the box (lines below it are left out)', async () => {
    const fitted = await inkBounds(`data-height="60" data-min-font-size="40"`);
    expect(fitted.left).toBeGreaterThanOrEqual(BOX.x);
    expect(fitted.right).toBeLessThanOrEqual(BOX.x + BOX.width);
    expect(fitted.top).toBeGreaterThanOrEqual(BOX.y);
    expect(fitted.bottom).toBeLessThanOrEqual(BOX.y + 60);
  });
});
