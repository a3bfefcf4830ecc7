import { RENDERER_ERRORS } from '@adloom/template';
import { describe, expect, it } from 'vitest';
import { byId, inner, setup } from '../test/helpers.js';
import { addRating, readRating, starFills, starPath } from './rating.js';

describe('readRating', () => {
  it('reads the value with the default scale 1 to 5', () => {
    expect(readRating({ rating_value: '3.5' })).toEqual({ value: 3.5, min: 1, max: 5 });
    expect(readRating({ rating_value: 1 })).toEqual({ value: 1, min: 1, max: 5 });
    expect(readRating({ rating_value: 5 })).toEqual({ value: 5, min: 1, max: 5 });
    expect(readRating({ rating_value: 8, rating_scale_min: 0, rating_scale_max: '10' })).toEqual({
      value: 8,
      min: 0,
      max: 10,
    });
  });

  it('is undefined without a value', () => {
    expect(readRating({})).toBeUndefined();
    expect(readRating({ rating_value: ' ' })).toBeUndefined();
    expect(readRating({ rating_value: null })).toBeUndefined();
  });

  it('throws the spec error outside the scale or for a non-number', () => {
    expect(() => readRating({ rating_value: 0.5 })).toThrow(RENDERER_ERRORS.ratingOutOfScale(1, 5));
    expect(() => readRating({ rating_value: 5.01 })).toThrow('Rating must be between 1 and 5');
    expect(() => readRating({ rating_value: 11, rating_scale_min: 0, rating_scale_max: 10 })).toThrow(
      'Rating must be between 0 and 10',
    );
    expect(() => readRating({ rating_value: 'great' })).toThrow('Rating must be between 1 and 5');
  });
});

describe('starFills', () => {
  it('fills 5 × value / max stars, the last one partly', () => {
    expect(starFills({ value: 3.5, min: 1, max: 5 })).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFills({ value: 1, min: 1, max: 5 })).toEqual([1, 0, 0, 0, 0]);
    expect(starFills({ value: 5, min: 1, max: 5 })).toEqual([1, 1, 1, 1, 1]);
    expect(starFills({ value: 7, min: 0, max: 10 })).toEqual([1, 1, 1, 0.5, 0]);
  });
});

describe('starPath', () => {
  it('draws a star whose bounding box is the size, centred', () => {
    const numbers = starPath(50, 50, 20)
      .match(/-?[\d.]+/g)!
      .map(Number);
    const xs = numbers.filter((_, i) => i % 2 === 0);
    const ys = numbers.filter((_, i) => i % 2 === 1);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(20, 2);
    expect((Math.max(...xs) + Math.min(...xs)) / 2).toBeCloseTo(50, 2);
    expect((Math.max(...ys) + Math.min(...ys)) / 2).toBeCloseTo(50, 2);
  });
});

describe('addRating', () => {
  const layer =
    '<rect id="RATING" x="0" y="0" width="223" height="60" fill="#00aa00" data-empty-fill="#eeeeee"/>';

  it('draws five stars sized from the reference width, the fourth half filled for 3.5', () => {
    const { root, context } = setup(layer, { metadata: { rating_value: 3.5 } });
    const out = inner(addRating(root, context));
    expect(out.match(/fill="#eeeeee"/g)).toHaveLength(5);
    expect(out.match(/fill="#00aa00"/g)).toHaveLength(4);
    // 32 × 1.2 × 223 / 223 = 38.4 units, the fourth star (centre 156.1) clipped at half.
    expect(out).toContain('<rect x="136.9" y="-8.4" width="19.2" height="76.8"/>');
    expect(out).toContain('aria-label="Rating 3.5 of 5"');
  });

  it('removes the layer without a rating value, and throws outside the scale', () => {
    const { root, context } = setup(layer);
    expect(byId(addRating(root, context), 'RATING')).toBeUndefined();
    const bad = setup(layer, { metadata: { rating_value: 6 } });
    expect(() => addRating(bad.root, bad.context)).toThrow('Rating must be between 1 and 5');
  });
});
