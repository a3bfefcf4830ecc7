import { describe, expect, it } from 'vitest';
import { barItemIndexes, itemLabel } from './previewBar';

describe('barItemIndexes', () => {
  it('starts at the live item and shows the next ones', () => {
    expect(barItemIndexes(20, 3)).toEqual([3, 4, 5, 6]);
  });

  it('wraps round to the first items at the end of the page', () => {
    expect(barItemIndexes(5, 3)).toEqual([3, 4, 0, 1]);
  });

  it('shows each item once when there are fewer than the bar holds', () => {
    expect(barItemIndexes(2, 1)).toEqual([1, 0]);
    expect(barItemIndexes(1, 0)).toEqual([0]);
  });

  it('shows nothing without items, and keeps an index past the end inside the page', () => {
    expect(barItemIndexes(0, 0)).toEqual([]);
    expect(barItemIndexes(3, 7)).toEqual([2, 0, 1]);
  });
});

describe('itemLabel', () => {
  it('is the title, or the id of an item without one', () => {
    expect(itemLabel({ title: 'Trail shoe', id: 'SKU-1' })).toBe('Trail shoe');
    expect(itemLabel({ title: '', id: 'SKU-1' })).toBe('SKU-1');
  });
});
