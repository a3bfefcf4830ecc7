import { AUTO_TAGS } from '@adloom/template';
import { describe, expect, it } from 'vitest';
import {
  CREATIVE_FEATURES,
  CREATIVE_FEATURES_VERSION,
  creativeFeatureInfo,
  tagFeatureId,
  tagFeatureSlug,
} from './features.js';

describe('CREATIVE_FEATURES', () => {
  it('holds the contract’s fixed ids once each, each with a label, group and one-sentence description', () => {
    const ids = CREATIVE_FEATURES.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        'aspect_square',
        'aspect_portrait',
        'aspect_story',
        'aspect_landscape',
        'dynamic_images_1',
        'dynamic_images_more_than_4',
        'main_logo',
        'background_removal',
        'blurred_background',
        'dynamic_color',
        'rating_widget',
        'safe_zone',
        'text',
        'text_item_group_title',
        'text_brand',
        'text_price',
        'text_sale_price',
        'text_discount',
        'text_price_delta',
        'bright',
        'dark',
        'high_contrast',
        'low_contrast',
        'text_heavy',
        'text_light',
        'dominant_color_red',
        'dominant_color_grey',
      ]),
    );
    expect(ids).toHaveLength(4 + 5 + 6 + 7 + 6 + 12);
    for (const feature of CREATIVE_FEATURES) {
      expect(feature.label).not.toBe('');
      expect(feature.description).toMatch(/^[A-Z0-9].*\.$/);
    }
  });

  it('quotes the thresholds in the image features’ descriptions', () => {
    expect(creativeFeatureInfo('bright')!.description).toContain('65 %');
    expect(creativeFeatureInfo('text_heavy')!.description).toContain('20 %');
    expect(creativeFeatureInfo('dominant_color_red')!.description).toContain('20 %');
  });

  it('links features to the library’s auto tag of the same key, and to none where no tag matches exactly', () => {
    expect(creativeFeatureInfo('text_price')!.templateTag).toEqual({ group: 'FEATURES', key: 'text_price' });
    expect(creativeFeatureInfo('dynamic_images_2')!.templateTag).toEqual({
      group: 'DYNAMIC_LAYER_COUNT',
      key: 'dynamic_images_2',
    });
    expect(creativeFeatureInfo('aspect_square')!.templateTag).toBeNull();
    expect(creativeFeatureInfo('blurred_background')!.templateTag).toBeNull();
    for (const feature of CREATIVE_FEATURES)
      if (feature.templateTag) expect(AUTO_TAGS).toHaveProperty(feature.templateTag.key);
  });

  it('has a version that names the list', () => {
    expect(CREATIVE_FEATURES_VERSION).toMatch(/^\d+\.\d+\.[0-9a-f]{8}$/);
    expect(CREATIVE_FEATURES_VERSION).toContain(`.${CREATIVE_FEATURES.length}.`);
  });
});

describe('style and industry features', () => {
  it('slugs tag keys', () => {
    expect(tagFeatureSlug('Minimal')).toBe('minimal');
    expect(tagFeatureSlug(' Home & décor ')).toBe('home_decor');
    expect(tagFeatureId('STYLE', 'Bold')).toBe('style_bold');
    expect(tagFeatureId('INDUSTRY', 'Home decor')).toBe('industry_home_decor');
    expect(tagFeatureId('FEATURES', 'text')).toBeNull();
    expect(tagFeatureId('STYLE', '!!')).toBeNull();
  });

  it('describes a dynamic id with its tag', () => {
    expect(creativeFeatureInfo('style_minimal')).toMatchObject({
      label: 'Minimal',
      group: 'Style',
      source: 'template',
      templateTag: { group: 'STYLE', key: 'Minimal' },
    });
    expect(creativeFeatureInfo('industry_home_decor')).toMatchObject({
      label: 'Home decor',
      group: 'Industry',
      templateTag: { group: 'INDUSTRY', key: 'Home decor' },
    });
  });

  it('knows nothing of malformed or unknown ids', () => {
    for (const id of ['', 'style_', 'style_Minimal', 'style__x', 'industry_a-b', 'colour_red', 'text_title'])
      expect(creativeFeatureInfo(id)).toBeNull();
  });
});
