import { describe, expect, it } from 'vitest';
import { stockIssues } from './stock.js';

const availabilityIssues = (availability: string | null) => stockIssues({ availability, condition: 'new' });
const conditionIssues = (condition: string | null) => stockIssues({ availability: 'in stock', condition });

describe('stockIssues', () => {
  it('accepts the values both networks share, in either spelling', () => {
    for (const value of ['in stock', 'in_stock', 'In Stock', 'out of stock', 'out_of_stock', 'preorder']) {
      expect(availabilityIssues(value)).toEqual([]);
    }
  });

  it('calls a missing availability missing for both networks (the importer assumed in stock)', () => {
    expect(availabilityIssues(null)).toEqual(['missing_availability']);
    expect(availabilityIssues(' ')).toEqual(['missing_availability']);
  });

  it('takes the catalogue’s "available for order" as Google’s backorder', () => {
    expect(availabilityIssues('available for order')).toEqual([]);
    expect(availabilityIssues('backorder')).toEqual(['invalid_availability_meta']);
  });

  it('refuses Meta-only values for Google', () => {
    for (const value of ['discontinued', 'pending', 'mark_as_sold']) {
      expect(availabilityIssues(value)).toEqual(['invalid_availability_google']);
    }
  });

  it('refuses values neither network knows for both', () => {
    expect(availabilityIssues('limited')).toEqual([
      'invalid_availability_google',
      'invalid_availability_meta',
    ]);
  });

  it('calls a missing condition missing for Meta only (Google reads none as new)', () => {
    expect(conditionIssues(null)).toEqual(['missing_condition']);
    expect(conditionIssues('')).toEqual(['missing_condition']);
  });

  it('accepts Google’s three conditions and refuses Meta’s finer grades for Google', () => {
    for (const value of ['new', 'refurbished', 'used', 'Used']) expect(conditionIssues(value)).toEqual([]);
    expect(conditionIssues('used_like_new')).toEqual(['invalid_condition_google']);
    expect(conditionIssues('open_box_new')).toEqual(['invalid_condition_google']);
  });
});
