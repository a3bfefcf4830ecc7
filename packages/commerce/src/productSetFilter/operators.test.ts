import { describe, expect, it } from 'vitest';
import { FILTER_OPERATORS, OPERATOR_LABELS, operatorsFor } from './operators.js';

describe('operatorsFor', () => {
  it('offers the operators that fit the field kind', () => {
    expect(operatorsFor('number')).not.toContain('i_contains');
    expect(operatorsFor('text')).toContain('is_not_any');
  });
  it('offers every operator on text fields, and labels each', () => {
    expect([...operatorsFor('text')].sort()).toEqual([...FILTER_OPERATORS].sort());
    for (const operator of FILTER_OPERATORS) expect(OPERATOR_LABELS[operator]).toBeTruthy();
  });
});
