import { describe, expect, it } from 'vitest';
import type { CompositionPlan, FillLayer, PictureLayer } from '../compose/plan.js';
import { bottomTint, tintOf, withoutTint } from './tint.js';

const canvas = { width: 100, height: 80 };
const whole = { left: 0, top: 0, width: 100, height: 80 };
const fill = (alpha: number, colour: [number, number, number], area = whole): FillLayer => ({
  kind: 'fill',
  area,
  colour,
  alpha,
});
const picture = (overrides: Partial<PictureLayer> = {}): PictureLayer =>
  ({
    kind: 'picture',
    need: { ref: 'adloom-image:1' },
    left: 0,
    top: 0,
    area: whole,
    opacity: 1,
    ...overrides,
  }) as PictureLayer;

describe('tintOf', () => {
  it('is source-over of each flat colour in turn', () => {
    const fills = [fill(0.2, [0, 0, 0]), fill(0.5, [200, 100, 50])];
    const { multiply, add } = tintOf(fills);
    for (const under of [0, 17, 128, 255]) {
      const expected = [0, 1, 2].map((channel) =>
        fills.reduce(
          (value, layer) => layer.colour[channel]! * layer.alpha + value * (1 - layer.alpha),
          under,
        ),
      );
      expect([0, 1, 2].map((channel) => multiply[channel]! * under + add[channel]!)).toEqual(
        expected.map((value) => expect.closeTo(value, 9)),
      );
    }
  });
});

describe('bottomTint', () => {
  it('takes the flat colours covering the canvas right above a picture that fills it', () => {
    const overlay = fill(0.2, [0, 0, 0]);
    const second = fill(0.1, [30, 136, 229]);
    const bar = fill(1, [255, 0, 0], { left: 0, top: 60, width: 100, height: 20 });
    const plan: CompositionPlan = { layers: [picture(), overlay, second, bar, overlay], fallbacks: [] };
    expect(bottomTint(plan, canvas)).toEqual({ picture: plan.layers[0], fills: [overlay, second] });
    expect(withoutTint(plan, [overlay, second]).layers).toEqual([plan.layers[0], bar]);
  });

  it('takes nothing over a picture that is faded, masked or smaller than the canvas', () => {
    const overlay = fill(0.2, [0, 0, 0]);
    for (const bottom of [
      picture({ opacity: 0.5 }),
      picture({ area: { left: 0, top: 0, width: 100, height: 79 } }),
      picture({ mask: { type: 'element', name: 'svg', attributes: {}, children: [] } }),
    ])
      expect(bottomTint({ layers: [bottom, overlay], fallbacks: [] }, canvas)).toBeUndefined();
    expect(
      bottomTint(
        { layers: [picture(), fill(0.2, [0, 0, 0], { ...whole, width: 99 })], fallbacks: [] },
        canvas,
      ),
    ).toBeUndefined();
  });
});
