import { describe, expect, it } from 'vitest';
import { formatRange, isIsoDay, presetOf, presetRange, previousPeriod, rangeLength } from './dateRange';

describe('date presets', () => {
  const today = '2026-03-15';

  it('gives the ranges of each preset; the last N days are the whole days before today, as in Ads Manager', () => {
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('yesterday', today)).toEqual({ from: '2026-03-14', to: '2026-03-14' });
    expect(presetRange('last7', today)).toEqual({ from: '2026-03-08', to: '2026-03-14' });
    expect(presetRange('last14', today)).toEqual({ from: '2026-03-01', to: '2026-03-14' });
    expect(presetRange('last30', today)).toEqual({ from: '2026-02-13', to: '2026-03-14' });
    expect(presetRange('last90', today)).toEqual({ from: '2025-12-15', to: '2026-03-14' });
    expect(presetRange('thisMonth', today)).toEqual({ from: '2026-03-01', to: today });
    expect(presetRange('lastMonth', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('custom', today)).toBeNull();
  });

  it('crosses years and leap days', () => {
    expect(presetRange('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('lastMonth', '2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(rangeLength(presetRange('last90', '2026-03-29')!)).toBe(90);
  });

  it('recognises a preset from its range, else calls it custom', () => {
    expect(presetOf({ from: '2026-03-08', to: '2026-03-14' }, today)).toBe('last7');
    expect(presetOf({ from: '2026-03-01', to: '2026-03-15' }, today)).toBe('thisMonth');
    expect(presetOf({ from: '2026-03-01', to: '2026-03-14' }, today)).toBe('last14');
    expect(presetOf({ from: '2026-03-03', to: '2026-03-05' }, today)).toBe('custom');
  });

  it('rejects days that do not exist', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('26-02-01')).toBe(false);
  });
});

describe('the comparison period', () => {
  it('is the period of the same length ending the day before', () => {
    expect(previousPeriod({ from: '2026-10-01', to: '2026-10-30' })).toEqual({
      from: '2026-09-01',
      to: '2026-09-30',
    });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-01-07' })).toEqual({
      from: '2025-12-25',
      to: '2025-12-31',
    });
  });

  it('is written without repeating the month or year', () => {
    expect(formatRange({ from: '2026-09-01', to: '2026-09-30' })).toBe('1–30 Sep 2026');
    expect(formatRange({ from: '2026-08-28', to: '2026-09-03' })).toBe('28 Aug – 3 Sep 2026');
    expect(formatRange({ from: '2025-12-25', to: '2026-01-07' })).toBe('25 Dec 2025 – 7 Jan 2026');
    expect(formatRange({ from: '2026-09-01', to: '2026-09-01' })).toBe('1 Sep 2026');
  });
});
