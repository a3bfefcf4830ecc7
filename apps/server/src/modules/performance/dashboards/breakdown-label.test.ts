import { describe, expect, it } from 'vitest';
import { breakdownLabel } from './breakdown.js';

describe('breakdown values as a marketer reads them', () => {
  it('names devices, countries, ages and placements', () => {
    expect(breakdownLabel('device', 'iphone')).toBe('iPhone');
    expect(breakdownLabel('device', 'android_smartphone')).toBe('Android smartphone');
    expect(breakdownLabel('country', 'FR')).toBe('France');
    expect(breakdownLabel('age', '18-24')).toBe('18–24');
    expect(breakdownLabel('placement', 'instagram · instagram_stories')).toBe(
      'Instagram · Instagram stories',
    );
    expect(breakdownLabel('gender', 'female')).toBe('Female');
  });
});
