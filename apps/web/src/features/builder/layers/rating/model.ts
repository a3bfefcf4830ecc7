/** The star-rating widget in the model: its defaults and its value rule. */
import { BUILDER, BUILDER_ERRORS } from '@adloom/template';
import { roundTo } from '../../model/numbers.js';
import type { RatingLayer } from '../../model/types.js';

/** The renderer's star colours when a layer names none (renderer rating.ts). */
export const DEFAULT_STAR_COLORS = { filled: '#FFB400', empty: '#D9D9D9' } as const;

/**
 * The rating widget: the spec's preview value 3.5, and the renderer's default colours and proportions
 * (the builder's widget is 223 units wide at scale 1; a star is 32 × 1.2 units).
 */
export const DEFAULT_RATING = {
  value: BUILDER.defaultPreviewRating,
  filledColor: DEFAULT_STAR_COLORS.filled,
  emptyColor: DEFAULT_STAR_COLORS.empty,
  width: 223,
  height: 40,
} as const;

/** Throws the spec's 'Rating must be between 1 and 5' unless the value is a number from 1 to 5. */
export function checkRatingValue(value: number): number {
  const { min, max } = BUILDER.ratingStars;
  if (typeof value !== 'number' || !(value >= min && value <= max)) {
    throw new Error(BUILDER_ERRORS.ratingOutOfRange);
  }
  return value;
}

function starColor(value: string, fallback: string): string {
  const color = typeof value === 'string' ? value.trim() : '';
  return color === '' ? fallback : color;
}

/** The rating in the model's form. */
export function normalizeRating(layer: RatingLayer): RatingLayer {
  return {
    ...layer,
    value: roundTo(checkRatingValue(layer.value), 2),
    filledColor: starColor(layer.filledColor, DEFAULT_STAR_COLORS.filled),
    emptyColor: starColor(layer.emptyColor, DEFAULT_STAR_COLORS.empty),
  };
}
