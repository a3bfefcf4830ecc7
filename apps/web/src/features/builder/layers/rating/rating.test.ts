import { BUILDER_ERRORS } from '@adloom/template';
import { describe, expect, it } from 'vitest';
import { createRatingLayer } from '../../model/index.js';
import { DEFAULT_STAR_COLORS, checkRatingValue, ratingKind } from './index.js';

describe('the rating kind', () => {
  it('refuses a value outside 1 to 5 with the spec’s text', () => {
    expect(() => checkRatingValue(0.5)).toThrow(BUILDER_ERRORS.ratingOutOfRange);
    expect(() => checkRatingValue(Number.NaN)).toThrow(BUILDER_ERRORS.ratingOutOfRange);
    expect(checkRatingValue(5)).toBe(5);
  });

  it('falls back to the renderer’s star colours when a colour is empty', () => {
    const rating = ratingKind.normalize({ ...createRatingLayer(), filledColor: ' ', emptyColor: '' });
    expect(rating).toMatchObject({
      filledColor: DEFAULT_STAR_COLORS.filled,
      emptyColor: DEFAULT_STAR_COLORS.empty,
    });
  });

  it('claims only the element with the rating id', () => {
    expect(ratingKind.claims?.({ id: 'RATING' } as never)).toBe(true);
    expect(ratingKind.claims?.({ id: 'rect' } as never)).toBe(false);
  });
});
