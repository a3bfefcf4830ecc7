/**
 * Why the IMAGES tab embeds pictures as data URLs, and that what it makes renders on the server as in the
 * builder: a placed JPEG is drawn from the saved template alone, a picture referenced by URL would be
 * dropped (and the template refused), and the logo slot's picture of the brand logo is only a stand-in
 * the renderer replaces with the ad's logo. Node only (resvg and sharp): typechecked by the root tsconfig.
 */
import { readTemplate } from '@adloom/renderer';
import { render } from '@adloom/renderer/server';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addLayers, createDynamicImageLayer, createImageLayer, createModel } from '../../model/index.js';
import { modelToSvg, svgToModel } from '../../svg/index.js';

type Rgb = [number, number, number];

async function solid(color: string, format: 'png' | 'jpeg') {
  const image = sharp({ create: { width: 40, height: 20, channels: 3, background: color } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

async function renderPixels(template: string, logo: Buffer) {
  const slot = await solid('#ff00ff', 'png');
  const result = await render(
    {
      template,
      inputs: [{ input: 'memory:slot', color: '#000000' }],
      metadata: {},
      additionalFiles: { logos: [{ key: 'main', input: 'memory:logo' }] },
    },
    {
      loadImage: async (source) => ({
        bytes: source === 'memory:logo' ? logo : slot,
        width: 40,
        height: 20,
        format: 'png',
      }),
    },
  );
  const { data, info } = await sharp(result.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return (x: number, y: number): Rgb => {
    const offset = (y * info.width + x) * 3;
    return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
  };
}

const near = (actual: Rgb, expected: Rgb, tolerance = 12) =>
  actual.every((value, index) => Math.abs(value - expected[index]!) <= tolerance);

describe('pictures placed from the IMAGES tab', () => {
  it('render from the saved template alone, and the brand logo stand-in gives way to the ad’s logo', async () => {
    const jpeg = await solid('#ff0000', 'jpeg');
    const standIn = await solid('#00ff00', 'png');
    const model = addLayers(createModel({ width: 200, height: 100 }), [
      createDynamicImageLayer('IMAGE', { left: 150, top: 50, width: 40, height: 40 }),
      createImageLayer({
        left: 10,
        top: 10,
        width: 80,
        height: 40,
        href: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
        naturalWidth: 40,
        naturalHeight: 20,
      }),
      createImageLayer({
        left: 100,
        top: 10,
        width: 80,
        height: 40,
        href: `data:image/png;base64,${standIn.toString('base64')}`,
        data: { dynamicLayerType: 'LOGO_MAIN', name: 'Logo' },
      }),
    ]);
    const template = modelToSvg(model);
    expect(readTemplate(template).removed).toEqual([]);
    const reopened = svgToModel(template);
    expect(reopened.layers.map((layer) => layer.id)).toEqual(['MAIN_001', expect.any(String), 'LOGO_MAIN']);
    expect(reopened.layers[1]).toMatchObject({
      kind: 'image',
      href: expect.stringMatching(/^data:image\/jpeg;base64,/),
    });

    const at = await renderPixels(template, await solid('#0000ff', 'png'));
    expect(near(at(50, 30), [255, 0, 0])).toBe(true);
    expect(near(at(140, 30), [0, 0, 255])).toBe(true);
  });

  it('would lose a picture referenced by URL: the renderer drops it and the server refuses the template', () => {
    const model = addLayers(createModel(), [
      createImageLayer({ width: 80, height: 40, href: 'https://cdn.example.com/picture.jpg' }),
    ]);
    expect(readTemplate(modelToSvg(model)).removed).toHaveLength(1);
  });
});
