import { describe, expect, it } from 'vitest';
import { sortRows } from './sortRows';

describe('sorting a dashboard table', () => {
  const rows = [
    { name: 'Ad 10', roas: 2 },
    { name: 'Ad 2', roas: null },
    { name: 'ad 1', roas: 3.5 },
  ];

  it('sorts numbers by size, empty values last both ways', () => {
    expect(sortRows(rows, (r) => r.roas, 'desc').map((r) => r.name)).toEqual(['ad 1', 'Ad 10', 'Ad 2']);
    expect(sortRows(rows, (r) => r.roas, 'asc').map((r) => r.name)).toEqual(['Ad 10', 'ad 1', 'Ad 2']);
  });

  it('sorts texts alphabetically with numbers by value, ignoring case', () => {
    expect(sortRows(rows, (r) => r.name, 'asc').map((r) => r.name)).toEqual(['ad 1', 'Ad 2', 'Ad 10']);
  });
});
