import { describe, expect, it } from 'vitest';
import { aspectFeatureId, templateFeatureIds, type TemplateFeatureLayer } from './templateFeatures.js';

const layer = (
  id: string | null,
  bounds: TemplateFeatureLayer['bounds'] = null,
  text: string | null = null,
) => ({
  id,
  text,
  bounds,
});
const text = (template: string, bounds: TemplateFeatureLayer['bounds'] = null) =>
  layer(null, bounds, template);
const input = (
  layers: TemplateFeatureLayer[],
  size = { width: 1080, height: 1080 },
  tags: { group: string; key: string }[] = [],
) => ({
  ...size,
  layers,
  tags,
});

describe('aspectFeatureId', () => {
  it.each([
    [1080, 1080, 'aspect_square'],
    [1080, 1100, 'aspect_square'],
    [1080, 1350, 'aspect_portrait'],
    [1000, 1500, 'aspect_portrait'],
    [1080, 1920, 'aspect_story'],
    [1200, 628, 'aspect_landscape'],
    [1920, 1080, 'aspect_landscape'],
  ])('%i × %i is %s', (width, height, id) => expect(aspectFeatureId(width, height)).toBe(id));

  it('has none for an empty size', () => expect(aspectFeatureId(0, 100)).toBeNull());
});

describe('templateFeatureIds', () => {
  it('reads dynamic images, logo, blur, background removal and price texts from the layers', () => {
    expect(
      templateFeatureIds(
        input([
          layer('MAIN_BLUR'),
          layer('MAIN_001'),
          layer('MAIN_002'),
          layer('LOGO_MAIN'),
          text('{title} {price}'),
        ]),
      ),
    ).toEqual(['aspect_square', 'dynamic_images_2', 'main_logo', 'blurred_background', 'text', 'text_price']);
  });

  it('counts five slots as more than 4, and reads sale, discount, brand and group-title texts', () => {
    const ids = templateFeatureIds(
      input([
        ...[1, 2, 3, 4, 5].map((n) => layer(`MAIN_00${n}`)),
        text('{sale_price_round}'),
        text('{discount_percentage}'),
        text('{brand} – {item_group_title}'),
        text('Save {price_delta}'),
      ]),
    );
    expect(ids).toEqual([
      'aspect_square',
      'dynamic_images_more_than_4',
      'text',
      'text_item_group_title',
      'text_brand',
      'text_sale_price',
      'text_discount',
      'text_price_delta',
    ]);
  });

  it('reads the rating widget and the dynamic colour', () => {
    expect(templateFeatureIds(input([layer('RATING'), layer('COLOR_PRIMARY')]))).toEqual([
      'aspect_square',
      'dynamic_color',
      'rating_widget',
    ]);
    // A removed background is a slot's option (REMBG).
    expect(templateFeatureIds(input([layer('MAIN_001_REMBG')]))).toContain('background_removal');
  });

  it('adds background removal when the feed design removes a slot’s background', () => {
    expect(templateFeatureIds({ ...input([layer('MAIN_001')]), designRemovesBackground: true })).toEqual([
      'aspect_square',
      'dynamic_images_1',
      'background_removal',
    ]);
    expect(templateFeatureIds({ ...input([text('{price}')]), designRemovesBackground: true })).not.toContain(
      'background_removal',
    );
  });

  it('calls a 9:16 template safe when its texts and logo lie inside Meta’s Reel zone', () => {
    const story = { width: 1080, height: 1920 };
    const inside = { left: 100, top: 300, width: 800, height: 200 };
    const low = { left: 100, top: 1500, width: 800, height: 200 };
    expect(
      templateFeatureIds(
        input([layer('MAIN_001'), layer('LOGO_MAIN', inside), text('{price}', inside)], story),
      ),
    ).toContain('safe_zone');
    expect(
      templateFeatureIds(input([layer('LOGO_MAIN', inside), text('{price}', low)], story)),
    ).not.toContain('safe_zone');
    // A text whose place is unknown is not taken to be inside; a story with nothing to keep inside is not called safe.
    expect(templateFeatureIds(input([text('{price}')], story))).not.toContain('safe_zone');
    expect(templateFeatureIds(input([layer('MAIN_001')], story))).not.toContain('safe_zone');
    // Only a story has the feature.
    expect(templateFeatureIds(input([text('{price}', inside)]))).not.toContain('safe_zone');
  });

  it('adds the style and industry tags, sorted, once each', () => {
    const ids = templateFeatureIds(
      input([layer('MAIN_001')], undefined, [
        { group: 'STYLE', key: 'Minimal' },
        { group: 'INDUSTRY', key: 'Fashion' },
        { group: 'STYLE', key: 'minimal' },
        { group: 'FEATURES', key: 'text' },
      ]),
    );
    expect(ids).toEqual(['aspect_square', 'dynamic_images_1', 'industry_fashion', 'style_minimal']);
  });
});
