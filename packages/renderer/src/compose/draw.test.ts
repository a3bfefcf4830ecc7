import { describe, expect, it } from 'vitest';
import { composeLayers } from './draw.js';

const noSources = {
  bandSvg: () => '',
  picture: () => {
    throw new Error('no pictures here');
  },
  rasterise: () => Promise.reject(new Error('no bands here')),
};

describe('composeLayers', () => {
  it('starts from the background colour over every pixel, white or not', async () => {
    for (const [background, rgb] of [
      ['#ffffff', [255, 255, 255]],
      ['#102030', [16, 32, 48]],
    ] as const) {
      const canvas = await composeLayers(
        { layers: [], fallbacks: [] },
        { width: 7, height: 5 },
        background,
        noSources,
      );
      expect(canvas.channels).toBe(3);
      expect(canvas.data.length).toBe(7 * 5 * 3);
      for (let index = 0; index < canvas.data.length; index += 3)
        expect([...canvas.data.subarray(index, index + 3)]).toEqual(rgb);
    }
  });

  it('lays a faded flat colour over its area only', async () => {
    const canvas = await composeLayers(
      {
        layers: [
          { kind: 'fill', area: { left: 1, top: 2, width: 3, height: 2 }, colour: [0, 0, 0], alpha: 0.2 },
        ],
        fallbacks: [],
      },
      { width: 6, height: 5 },
      '#ffffff',
      noSources,
    );
    const at = (x: number, y: number) => [...canvas.data.subarray((y * 6 + x) * 3, (y * 6 + x) * 3 + 3)];
    expect(at(1, 2)).toEqual([204, 204, 204]);
    expect(at(3, 3)).toEqual([204, 204, 204]);
    expect(at(0, 2)).toEqual([255, 255, 255]);
    expect(at(4, 3)).toEqual([255, 255, 255]);
    expect(at(1, 4)).toEqual([255, 255, 255]);
  });
});
