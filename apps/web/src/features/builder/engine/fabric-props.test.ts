import { describe, expect, it } from 'vitest';
import { createRectLayer, createTextLayer, createLineLayer } from '../model/index.js';
import { patchFromTransform, placementOf, starFills, starLayout, starPoints } from './fabric-props';

const moved = {
  left: 5,
  top: 6,
  angle: 30,
  scaleX: 2,
  scaleY: 1,
  flipX: false,
  flipY: false,
  opacity: 0.5,
  width: 300,
};

describe('fabric properties of a layer', () => {
  it('maps geometry one to one with origin left/top, and locks and hides', () => {
    const layer = {
      ...createRectLayer({ left: 10, top: 20, angle: 45, flipX: true }),
      locked: true,
      hidden: true,
    };
    expect(placementOf(layer)).toMatchObject({
      originX: 'left',
      originY: 'top',
      left: 10,
      top: 20,
      angle: 45,
      flipX: true,
      visible: false,
      selectable: false,
      evented: false,
    });
    expect(placementOf(layer, { x: 0.5, y: 2 })).toMatchObject({ scaleX: 0.5, scaleY: 2 });
  });

  it('turns a negative scale into a flip and never sends computed sizes', () => {
    const rect = createRectLayer();
    expect(patchFromTransform(rect, { ...moved, scaleX: -2 })).toEqual({
      left: 5,
      top: 6,
      angle: 30,
      scaleX: 2,
      scaleY: 1,
      flipX: true,
      flipY: false,
      opacity: 0.5,
    });
    expect(patchFromTransform(createLineLayer(), moved)).not.toHaveProperty('width');
    const text = patchFromTransform(createTextLayer(), moved);
    expect(text.width).toBe(300);
    expect(text).not.toHaveProperty('height');
    expect(patchFromTransform(rect, moved, { x: 2, y: 1 }).scaleX).toBe(1);
  });

  it('fills stars to the value like the renderer', () => {
    expect(starFills(3.5)).toEqual([1, 1, 1, 0.5, 0]);
    const { centers, size } = starLayout(223, 40);
    expect(centers[0]).toBeCloseTo(22.3);
    expect(size).toBeCloseTo(38.4);
    const points = starPoints(0, 0, 10);
    expect(points).toHaveLength(10);
    const xs = points.map((p) => p.x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(10);
  });
});
