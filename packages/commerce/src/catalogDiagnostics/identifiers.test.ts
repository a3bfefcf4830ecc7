import { describe, expect, it } from 'vitest';
import { identifierIssues } from './identifiers.js';

describe('identifierIssues', () => {
  it('finds nothing wrong with a brand and a valid GTIN, or a brand and an MPN', () => {
    expect(identifierIssues({ brand: 'Stabilo', gtin: '4006381333931', mpn: '' })).toEqual([]);
    expect(identifierIssues({ brand: 'Acme', gtin: '', mpn: 'AC-1234' })).toEqual([]);
  });

  it('calls a missing brand an error for Meta and a warning for Google', () => {
    expect(identifierIssues({ brand: ' ', gtin: '4006381333931', mpn: '' })).toEqual([
      'missing_brand',
      'missing_brand_google',
    ]);
  });

  it('warns Google of an item with no GTIN nor MPN with brand', () => {
    expect(identifierIssues({ brand: 'Acme', gtin: '', mpn: '' })).toEqual(['missing_identifier_google']);
    expect(identifierIssues({ brand: '', gtin: '', mpn: 'AC-1234' })).toEqual([
      'missing_brand',
      'missing_brand_google',
      'missing_identifier_google',
    ]);
  });

  it('refuses a GTIN with a wrong check digit or length', () => {
    expect(identifierIssues({ brand: 'Stabilo', gtin: '4006381333932', mpn: '' })).toEqual(['invalid_gtin']);
    expect(identifierIssues({ brand: 'Acme', gtin: 'AC-1234', mpn: 'AC-1234' })).toEqual(['invalid_gtin']);
  });

  it('refuses a valid GTIN in a range Google does not take', () => {
    expect(identifierIssues({ brand: 'Acme', gtin: '2000000000008', mpn: '' })).toEqual([
      'restricted_gtin_google',
    ]);
  });
});
