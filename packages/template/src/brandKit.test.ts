import { describe, expect, it } from 'vitest';
import { BRAND_KIT_MAX_DISCLAIMER_LENGTH, BRAND_KIT_MAX_ITEMS, cleanFontName } from './brandKit.js';
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
