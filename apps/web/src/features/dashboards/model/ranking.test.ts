import { describe, expect, it } from 'vitest';
import { intervalScale, moreLikeThisPath, positionOn } from './ranking';

describe('make more like this', () => {
  it('opens the ad’s template, else its feed, else nothing', () => {
    expect(moreLikeThisPath('c1', { templateId: 't9', feedId: 'f2' })).toBe(
      '/clients/c1/products/templates/t9/',
    );
    expect(moreLikeThisPath('c1', { templateId: null, feedId: 'f2' })).toBe('/clients/c1/feeds/f2/');
    expect(moreLikeThisPath('c1', { templateId: null, feedId: null })).toBeNull();
    expect(moreLikeThisPath('c1', null)).toBeNull();
  });
});

describe('the interval bars', () => {
  it('share one scale spanning every bound and observed value', () => {
    const scale = intervalScale([
      { low: 1, high: 3, observed: 4 },
      { low: 0.5, high: 2, observed: null },
    ]);
    expect(scale).toEqual({ min: 0.5, max: 4 });
    expect(positionOn(0.5, scale)).toBe(0);
    expect(positionOn(2.25, scale)).toBe(50);
    expect(positionOn(9, scale)).toBe(100);
  });

  it('never divide by zero', () => {
    expect(intervalScale([])).toEqual({ min: 0, max: 1 });
    expect(intervalScale([{ low: 2, high: 2, observed: 2 }])).toEqual({ min: 1, max: 3 });
  });
});
