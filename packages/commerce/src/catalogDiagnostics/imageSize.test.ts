import { describe, expect, it } from 'vitest';
import { imageSizeIssues, isApparelCategory } from './imageSize.js';

const square = (side: number) => ({ width: side, height: side });
const SHIRTS = 'Apparel & Accessories > Clothing > Shirts & Tops';
const MUGS = 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs';

describe('isApparelCategory', () => {
  it.each([
    SHIRTS,
    'Apparel & Accessories',
    '166',
    '166 - Apparel & Accessories > Clothing',
    'apparel &amp; accessories',
  ])('takes %s for apparel', (category) => {
    expect(isApparelCategory(category)).toBe(true);
  });
  it.each([MUGS, '', '1662', '6166', 'Home & Garden > Apparel & Accessories'])(
    'does not take %s',
    (category) => {
      expect(isApparelCategory(category)).toBe(false);
    },
  );
});

describe('imageSizeIssues', () => {
  it('wants 500 × 500 px for Meta', () => {
    expect(imageSizeIssues(square(500), MUGS)).toEqual([]);
    expect(imageSizeIssues(square(499), MUGS)).toEqual(['image_too_small_meta']);
    expect(imageSizeIssues({ width: 1200, height: 499 }, MUGS)).toEqual(['image_too_small_meta']);
  });

  it('wants 100 × 100 px for Google, 250 × 250 for apparel', () => {
    expect(imageSizeIssues(square(100), MUGS)).toEqual(['image_too_small_meta']);
    expect(imageSizeIssues(square(99), MUGS)).toEqual(['image_too_small_meta', 'image_too_small_google']);
    expect(imageSizeIssues(square(250), SHIRTS)).toEqual(['image_too_small_meta']);
    expect(imageSizeIssues(square(249), SHIRTS)).toEqual(['image_too_small_meta', 'image_too_small_google']);
    expect(imageSizeIssues({ width: 249, height: 800 }, '166')).toEqual([
      'image_too_small_meta',
      'image_too_small_google',
    ]);
  });

  it('counts a size that is not a number as too small', () => {
    expect(imageSizeIssues({ width: Number.NaN, height: 800 }, MUGS)).toEqual([
      'image_too_small_meta',
      'image_too_small_google',
    ]);
  });
});
