import { describe, expect, it } from 'vitest';
import { layerRoleLabel, layerRoleLabels } from './slotLabels.js';

describe('layer role labels', () => {
  it('names slots by media, number and scale, never by their id', () => {
    expect(layerRoleLabel('MAIN_001_CONTAIN')).toBe('Product image 1 (fit)');
    expect(layerRoleLabel('MAIN_001')).toBe('Product image 1 (fill)');
    expect(layerRoleLabel('MAIN_002_LEFT_TOP_REMBG')).toBe('Product image 2 (fill)');
    expect(layerRoleLabel('MAIN_003_CONTAIN_SLIDESHOW[d=2;t=0.3;n=4]')).toBe('Slideshow 3 (fit)');
    expect(layerRoleLabel('MAIN_004_VIDEO[d=2;t=0.3;n=4]')).toBe('Video 4 (fill)');
    expect(layerRoleLabel('MAIN_SLOT:hero;REMBG:false;SCALE:fit')).toBe('Product image “hero” (fit)');
    expect(layerRoleLabel('MAIN_legacy_CONTAIN')).toBe('Product image (fit)');
  });

  it('names the logo, blurred background, copy and rating in words', () => {
    expect(layerRoleLabel('LOGO_MAIN')).toBe('Logo');
    expect(layerRoleLabel('LOGO_MAIN_2')).toBe('Logo 2');
    expect(layerRoleLabel('MAIN_BLUR')).toBe('Blurred background');
    expect(layerRoleLabel('MAIN_COPY')).toBe('Copy of first image');
    expect(layerRoleLabel('RATING')).toBe('Star rating');
  });

  it('gives plain layers and conditions no role label', () => {
    expect(layerRoleLabel('rect')).toBeNull();
    expect(layerRoleLabel('SALE')).toBeNull();
    expect(layerRoleLabel('COLOR_PRIMARY')).toBeNull();
  });

  it('numbers slots in input order, as the renderer hands out the item images', () => {
    const labels = layerRoleLabels(['MAIN_007_CONTAIN', 'rect', 'MAIN_003', 'LOGO_MAIN']);
    expect(Object.fromEntries(labels)).toEqual({
      MAIN_003: 'Product image 1 (fill)',
      MAIN_007_CONTAIN: 'Product image 2 (fit)',
      LOGO_MAIN: 'Logo',
    });
  });
});
