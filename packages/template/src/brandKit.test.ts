import { describe, expect, it } from 'vitest';
import {
  BRAND_KIT_MAX_DISCLAIMER_LENGTH,
  BRAND_KIT_MAX_ITEMS,
  brandColourProblem,
  cleanFontName,
  normaliseBrandColour,
} from './brandKit.js';
import { APPLICATION } from './constants.js';

describe('brand kit limits', () => {
  it('give each of the spec constants 5, 20, 50, 200 and 20 a meaning', () => {
    expect([
      BRAND_KIT_MAX_ITEMS.LOGO,
      BRAND_KIT_MAX_ITEMS.COLOR,
      BRAND_KIT_MAX_ITEMS.DISCLAIMER,
      BRAND_KIT_MAX_DISCLAIMER_LENGTH,
      BRAND_KIT_MAX_ITEMS.FONT,
    ]).toEqual([...APPLICATION.brandKitLimits]);
    expect(BRAND_KIT_MAX_ITEMS.AUDIO).toBe(BRAND_KIT_MAX_ITEMS.LOGO);
    expect(BRAND_KIT_MAX_ITEMS.GUIDE).toBe(BRAND_KIT_MAX_ITEMS.DISCLAIMER);
  });
});

describe('cleanFontName (spec section 5)', () => {
  it.each([
    ['brand sans.ttf', 'Brand Sans'],
    ['ACME-Display_Bold.WOFF2', 'Acme-display_bold'],
    ['my   brand\tfont.otf', 'My Brand Font'],
    ['Zoë & Co (2024).woff', 'Zo Co 2024'],
    ['2024 Sans.ttf', 'Font 2024 Sans'],
    ['_hidden.ttf', 'Font _hidden'],
    ['%%.otf', 'Font'],
    ['C:\\fakepath\\Serif.ttf', 'Serif'],
    ['brand.ttf.zip', 'Brandttfzip'],
  ])('%s is named %s', (fileName, name) => {
    expect(cleanFontName(fileName)).toBe(name);
  });

  it('keeps only letters, digits, space, hyphen and underscore, and at most 100 characters', () => {
    const name = cleanFontName(`${'a'.repeat(150)}.ttf`);
    expect(name).toBe(`A${'a'.repeat(99)}`);
    expect(cleanFontName('a!@#$%^&*()+=[]{};:\'",.<>?`~b.ttf')).toBe('Ab');
    expect(cleanFontName('x-y_z 9.ttf')).toMatch(/^[A-Za-z][A-Za-z0-9 _-]*$/);
  });
});

describe('brand colours', () => {
  it('accepts hex colours of 3, 4, 6 and 8 digits and stores them long and lower case', () => {
    for (const [value, stored] of [
      ['#ABC', '#aabbcc'],
      ['#abcd', '#aabbccdd'],
      [' #1E88E5 ', '#1e88e5'],
      ['#1e88e580', '#1e88e580'],
    ]) {
      expect(brandColourProblem(value!), value).toBeUndefined();
      expect(normaliseBrandColour(value!)).toBe(stored);
    }
  });

  it('says why anything else is not a colour', () => {
    expect(brandColourProblem('')).toBe('Enter a colour as a hex value, such as #1e88e5.');
    for (const value of ['blue', '#12345g', '#12345', '1e88e5', 'rgb(0, 0, 0)', '#1e88e5ff00'])
      expect(brandColourProblem(value), value).toBe(
        `‘${value}’ is not a colour: use a hex value such as #1e88e5.`,
      );
  });
});
