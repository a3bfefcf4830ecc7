import { describe, expect, it } from 'vitest';
import { ITEM_ISSUES, isReadyFor, type ItemIssueCode } from './issues.js';
import { AD_NETWORKS } from './rule.js';

const rules = Object.entries(ITEM_ISSUES);

describe('ITEM_ISSUES', () => {
  it('gives each rule its own code, known networks, and words for a list and a tooltip', () => {
    for (const [code, rule] of rules) {
      expect(rule.code).toBe(code);
      expect(rule.networks.length).toBeGreaterThan(0);
      for (const network of rule.networks) expect(AD_NETWORKS).toContain(network);
      expect(rule.label).toMatch(/^[A-Z].*[^.]$/);
      expect(rule.fix).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('names the network in a code that concerns one network because the networks differ', () => {
    for (const [code, rule] of rules) {
      if (code.endsWith('_google')) expect(rule.networks).toEqual(['google']);
      if (code.endsWith('_meta')) expect(rule.networks).toEqual(['meta']);
    }
  });

  it('labels the length and size limits with their numbers', () => {
    expect(ITEM_ISSUES.title_too_long_google.label).toBe('Title over 150 characters');
    expect(ITEM_ISSUES.title_too_long_meta.label).toBe('Title over 200 characters');
    expect(ITEM_ISSUES.description_too_long_google.label).toBe('Description over 5,000 characters');
    expect(ITEM_ISSUES.description_too_long_meta.label).toBe('Description over 9,999 characters');
    expect(ITEM_ISSUES.image_too_small_meta.label).toBe('Image under 500 × 500 px');
    expect(ITEM_ISSUES.image_too_small_google.label).toBe('Image under 100 × 100 px (250 × 250 for apparel)');
  });
});

describe('isReadyFor', () => {
  it('is ready with no issues', () => {
    for (const network of AD_NETWORKS) expect(isReadyFor(network, [])).toBe(true);
  });

  it('is not ready with an error of that network, and ready with another network’s', () => {
    expect(isReadyFor('google', ['title_too_long_google'])).toBe(false);
    expect(isReadyFor('meta', ['title_too_long_google'])).toBe(true);
    expect(isReadyFor('meta', ['missing_condition'])).toBe(false);
    expect(isReadyFor('google', ['missing_condition'])).toBe(true);
    expect(isReadyFor('meta', ['missing_price'])).toBe(false);
    expect(isReadyFor('google', ['missing_price'])).toBe(false);
  });

  it('stays ready with warnings only', () => {
    const warnings: ItemIssueCode[] = [
      'description_too_long_google',
      'missing_brand_google',
      'missing_identifier_google',
      'sale_price_not_below_price',
    ];
    for (const code of warnings) expect(ITEM_ISSUES[code].severity).toBe('warning');
    expect(isReadyFor('google', warnings)).toBe(true);
    expect(isReadyFor('meta', warnings)).toBe(true);
    expect(isReadyFor('google', [...warnings, 'invalid_gtin'])).toBe(false);
  });

  it('ignores a stored code these rules no longer know', () => {
    expect(isReadyFor('meta', ['retired_code' as ItemIssueCode])).toBe(true);
  });
});
