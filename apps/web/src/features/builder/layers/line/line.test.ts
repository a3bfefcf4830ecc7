import { describe, expect, it } from 'vitest';
import { createLineLayer } from '../../model/index.js';
import { lineKind } from './index.js';

describe('the line kind', () => {
  it('moves its box to its points’ bounds, keeping the points where they were drawn', () => {
    const line = lineKind.normalize({
      ...createLineLayer(),
      left: 0,
      top: 0,
      x1: 50,
      y1: 80,
      x2: 10,
      y2: 20,
    });
    expect(line).toMatchObject({ left: 10, top: 20, width: 40, height: 60, x1: 40, y1: 60, x2: 0, y2: 0 });
  });

  it('refuses a point that is not a number', () => {
    expect(() => lineKind.normalize({ ...createLineLayer(), x1: Number.NaN })).toThrow(RangeError);
  });
});
