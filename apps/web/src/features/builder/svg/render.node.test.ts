/**
 * What the renderer draws from modelToSvg's output: the server renderer (Node only: resvg and sharp),
 * with the images in memory. The web app's tests run in Node, so this file runs with the others; it is
 * typechecked by the root tsconfig (Node's types), not the web app's.
 */
import { render } from '@adloom/renderer/server';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STARTER_TEMPLATES } from '../../../../../server/src/modules/templates/library/starter-templates.js';
import {
  addLayers,
  createDynamicImageLayer,
  createEllipseLayer,
  createImageLayer,
  createModel,
  createRatingLayer,
  createRectLayer,
  createTextLayer,
} from '../model/index.js';
import { modelToSvg } from './modelToSvg.js';
import { svgToModel } from './svgToModel.js';

type Rgb = [number, number, number];

async function solidPng(color: string): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Renders a template off-screen; every input image is one solid colour. */
async function renderPixels(template: string, slotCount: number, metadata: Record<string, string> = {}) {
  const slot = await solidPng('#ff00ff');
  const logo = await solidPng('#00ffff');
  const result = await render(
    {
      template,
      inputs: Array.from({ length: slotCount }, () => ({ input: 'memory:slot', color: '#123456' })),
      metadata,
      additionalFiles: { logos: [{ key: 'main', input: 'memory:logo' }] },
    },
    {
      loadImage: async (source) => ({
        bytes: source === 'memory:logo' ? logo : slot,
        width: 8,
        height: 8,
        format: 'png',
      }),
    },
  );
  const { data, info } = await sharp(result.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): Rgb => {
    const offset = (y * info.width + x) * 3;
    return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
  };
  return { data, width: info.width, height: info.height, at };
}

function near(actual: Rgb, expected: Rgb, tolerance = 6): boolean {
  return actual.every((value, index) => Math.abs(value - expected[index]!) <= tolerance);
}

describe('the renderer draws what modelToSvg writes', () => {
  it('paints the background, shapes where the model puts them, the slot image, the text and the stars', async () => {
    // A 2 × 1 picture, red then blue, mirrored: blue on the left.
    const picture = await sharp(Buffer.from([255, 0, 0, 0, 0, 255]), {
      raw: { width: 2, height: 1, channels: 3 },
    })
      .png()
      .toBuffer();
    const href = `data:image/png;base64,${picture.toString('base64')}`;
    const model = addLayers(createModel({ width: 200, height: 200, backgroundColor: '#3366cc' }), [
      createRectLayer({ left: 10, top: 10, width: 50, height: 50, fill: '#ff0000' }),
      // Turned a quarter about its top-left corner: from x 150 leftwards to 130, y 10 to 50.
      createRectLayer({ left: 150, top: 10, width: 40, height: 20, angle: 90, fill: '#00ff00' }),
      createEllipseLayer({ left: 10, top: 70, width: 60, height: 40, fill: '#ffff00' }),
      createDynamicImageLayer('IMAGE', { left: 120, top: 70, width: 60, height: 40 }),
      createTextLayer({
        left: 10,
        top: 120,
        width: 180,
        text: 'HELLO',
        fontSize: 40,
        textAlign: 'left',
        fill: '#000000',
      }),
      createRatingLayer({ left: 100, top: 170, width: 90, height: 20 }),
      createImageLayer({
        left: 70,
        top: 10,
        width: 20,
        height: 20,
        scaleX: 2,
        flipX: true,
        href,
        naturalWidth: 2,
        naturalHeight: 1,
      }),
    ]);
    const image = await renderPixels(modelToSvg(model), 1, { rating_value: '5' });
    expect(image.at(35, 35)).toEqual([255, 0, 0]);
    expect(image.at(140, 30)).toEqual([0, 255, 0]);
    expect(image.at(160, 30)).toEqual([0x33, 0x66, 0xcc]);
    expect(image.at(40, 90)).toEqual([255, 255, 0]);
    expect(near(image.at(75, 20), [0, 0, 255], 40)).toBe(true);
    expect(near(image.at(105, 20), [255, 0, 0], 40)).toBe(true);
    // The slot image travels as a JPEG: within a few levels.
    expect(near(image.at(150, 90), [255, 0, 255])).toBe(true);
    expect(image.at(5, 195)).toEqual([0x33, 0x66, 0xcc]);
    // The text drew dark glyphs inside its box, nowhere below it.
    let dark = 0;
    for (let y = 120; y < 166; y += 1) {
      for (let x = 10; x < 190; x += 1) if (image.at(x, y).every((value) => value < 60)) dark += 1;
    }
    expect(dark).toBeGreaterThan(300);
    // Five full stars in the rating's default colour: the middle of the first star.
    expect(near(image.at(109, 180), [0xff, 0xb4, 0x00], 10)).toBe(true);
  });

  it('draws a starter template the same after it was opened and saved by the builder', async () => {
    // Free rotations, clip paths, circles and a path: what the builder rewrites in its own form.
    for (const key of ['story-polaroid-duo', 'portrait-editorial-arch']) {
      const template = STARTER_TEMPLATES.find((starter) => starter.key === key)!;
      const saved = modelToSvg(svgToModel(template.templateString));
      const slots = template.templateString.match(/id="MAIN_\d{3}/g)!.length;
      const metadata = {
        title: 'Linen Shirt',
        brand: 'Adloom',
        price: '49.00',
        currency: 'EUR',
        product_type: 'Shirts',
      };
      const [before, after] = await Promise.all([
        renderPixels(template.templateString, slots, metadata),
        renderPixels(saved, slots, metadata),
      ]);
      expect([after.width, after.height]).toEqual([before.width, before.height]);
      let different = 0;
      for (let index = 0; index < before.data.length; index += 3) {
        const delta =
          Math.abs(before.data[index]! - after.data[index]!) +
          Math.abs(before.data[index + 1]! - after.data[index + 1]!) +
          Math.abs(before.data[index + 2]! - after.data[index + 2]!);
        if (delta > 24) different += 1;
      }
      // Positions are kept to a hundredth of a unit: at most some edge pixels change.
      expect(different / (before.width * before.height)).toBeLessThan(0.001);
    }
  });
});
