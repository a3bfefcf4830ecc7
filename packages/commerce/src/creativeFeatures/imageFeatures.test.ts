import { describe, expect, it } from 'vitest';
import { colorName, imageFeatureIds, type ImageStats } from './imageFeatures.js';

const stats = (overrides: Partial<ImageStats>): ImageStats => ({
  width: 1080,
  height: 1080,
  brightness: 0.5,
  contrast: 0.18,
  textCoverage: 0.1,
  dominantColors: [],
  ...overrides,
});

describe('imageFeatureIds', () => {
  it('calls an image bright or dark at the thresholds, and neither in between', () => {
    expect(imageFeatureIds(stats({ brightness: 0.65 }))).toContain('bright');
    expect(imageFeatureIds(stats({ brightness: 0.64 }))).not.toContain('bright');
    expect(imageFeatureIds(stats({ brightness: 0.35 }))).toContain('dark');
    expect(imageFeatureIds(stats({ brightness: 0.36 }))).not.toContain('dark');
    expect(imageFeatureIds(stats({}))).toEqual([]);
  });

  it('calls contrast high or low at the thresholds', () => {
    expect(imageFeatureIds(stats({ contrast: 0.25 }))).toEqual(['high_contrast']);
    expect(imageFeatureIds(stats({ contrast: 0.12 }))).toEqual(['low_contrast']);
  });

  it('calls text heavy from 20 % of the frame and light below 5 %', () => {
    expect(imageFeatureIds(stats({ textCoverage: 0.2 }))).toEqual(['text_heavy']);
    expect(imageFeatureIds(stats({ textCoverage: 0.19 }))).toEqual([]);
    expect(imageFeatureIds(stats({ textCoverage: 0.049 }))).toEqual(['text_light']);
    expect(imageFeatureIds(stats({ textCoverage: 0 }))).toEqual(['text_light']);
  });

  it('names dominant colours whose shares sum to 20 % or more', () => {
    const ids = imageFeatureIds(
      stats({
        dominantColors: [
          { hex: '#e01010', share: 0.5 },
          { hex: '#2050c0', share: 0.12 },
          { hex: '#1040a0', share: 0.1 },
          { hex: '#20a050', share: 0.15 },
        ],
      }),
    );
    expect(ids).toEqual(['dominant_color_red', 'dominant_color_blue']);
  });
});

describe('colorName', () => {
  it.each([
    ['#ff0000', 'red'],
    ['#ff8000', 'orange'],
    ['#ffd800', 'yellow'],
    ['#20a050', 'green'],
    ['#10a0a0', 'teal'],
    ['#2050c0', 'blue'],
    ['#8030c0', 'purple'],
    ['#ff60b0', 'pink'],
    ['#ffc0c0', 'pink'],
    ['#6b3a12', 'brown'],
    ['#050505', 'black'],
    ['#fafafa', 'white'],
    ['#808080', 'grey'],
    ['#8a8f94', 'grey'],
  ])('%s is %s', (hex, name) => expect(colorName(hex)).toBe(name));

  it('has no name for what is not a colour', () => expect(colorName('red')).toBeNull());
});
