import { describe, expect, it } from 'vitest';
import { render } from '../server/render.js';
import { pngBomb } from '../server/images/test/fixtures.js';
import { renderPixels } from './render.js';

const bomb = `data:image/png;base64,${pngBomb(20_000, 20_000).toString('base64')}`;
const template =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080">' +
  `<image id="backdrop" width="1080" height="1080" href="${bomb}"/><rect id="MAIN_001" width="500" height="500"/></svg>`;

describe('the browser renderer and a pixel bomb in a template', () => {
  it("refuses it before loading or decoding anything, with the server's message", async () => {
    const loaded: string[] = [];
    const browser = await renderPixels(
      { template, inputs: [{ input: 'https://cdn.example/a.png' }] },
      { offscreen: true },
      {
        ready: async () => undefined,
        fonts: {
          catalogueFont: () => Promise.reject(new Error('no fonts here')),
          customFont: () => Promise.reject(new Error('no fonts here')),
        },
        loadImage: async (source) => {
          loaded.push(source);
          throw new Error('nothing should load');
        },
      },
    ).catch((caught: unknown) => caught);
    expect(loaded).toEqual([]);
    expect(browser).toMatchObject({
      code: 'TOO_MANY_PIXELS',
      message:
        'Template image <image id="backdrop"> is 20000 × 20000 pixels, more than the limit of 25 megapixels; use a smaller image',
    });
    const server = await render(
      { template, inputs: [{ input: 'https://cdn.example/a.png' }] },
      { loadImage: () => Promise.reject(new Error('nothing should load')) },
    ).catch((caught: unknown) => caught);
    expect((server as Error).message).toBe((browser as Error).message);
  });
});
