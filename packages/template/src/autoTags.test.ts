import { describe, expect, it } from 'vitest';
import { AUTO_TAGS, autoTags, TAG_GROUP_LABELS } from './autoTags.js';
import { createBuilderDocument, createBuilderLayer } from './document.js';

const slot = (id: string, extra = {}) => createBuilderLayer(id, { dynamicLayerType: 'IMAGE', ...extra });
const keys = (document: Parameters<typeof autoTags>[0]) => autoTags(document).map((tag) => tag.key);

describe('autoTags', () => {
  it('tags the size: 1080x1080, 1000x1500 or other', () => {
    expect(keys(createBuilderDocument())).toEqual(['size_1080x1080']);
    expect(keys(createBuilderDocument({ width: 1000, height: 1500 }))).toEqual(['size_1000x1500']);
    expect(keys(createBuilderDocument({ width: 1500, height: 1000 }))).toEqual(['size_other']);
  });

  it('tags the number of dynamic images: 1, 2, 3, 4 or more than 4', () => {
    const withSlots = (count: number) =>
      keys(createBuilderDocument({ layers: Array.from({ length: count }, (_, i) => slot(`MAIN_00${i}`)) }));
    expect(withSlots(1)).toContain('dynamic_images_1');
    expect(withSlots(2)).toContain('dynamic_images_2');
    expect(withSlots(3)).toContain('dynamic_images_3');
    expect(withSlots(4)).toContain('dynamic_images_4');
    expect(withSlots(5)).toContain('dynamic_images_more_than_4');
    expect(withSlots(9)).toContain('dynamic_images_more_than_4');
    const mixed = createBuilderDocument({
      layers: [
        slot('MAIN_001'),
        createBuilderLayer('MAIN_002_VIDEO', { dynamicLayerType: 'VIDEO' }),
        createBuilderLayer('LOGO_MAIN', { dynamicLayerType: 'LOGO_MAIN' }),
        createBuilderLayer('MAIN_BLUR', { dynamicLayerType: 'BLUR' }),
      ],
    });
    expect(keys(mixed)).toContain('dynamic_images_2');
  });

  it('tags dynamic colour, main logo, background removal and text', () => {
    const document = createBuilderDocument({
      layers: [
        slot('MAIN_001_REMBG', { removeBackground: true }),
        createBuilderLayer('LOGO_MAIN', { dynamicLayerType: 'LOGO_MAIN' }),
        createBuilderLayer('COLOR_PRIMARY', { isDynamicColor: true }),
        createBuilderLayer('text_1', { text: 'Hello' }),
      ],
    });
    expect(keys(document)).toEqual([
      'size_1080x1080',
      'dynamic_images_1',
      'dynamic_color',
      'main_logo',
      'background_removal',
      'text',
    ]);
  });

  it('tags texts that use item group title, brand, price, sale price, discount or price delta', () => {
    const text = (value: string) =>
      keys(createBuilderDocument({ layers: [createBuilderLayer('t', { text: value })] }));
    expect(text('{item_group_title}')).toContain('text_item_group_title');
    expect(text('{brand|uppercase}')).toContain('text_brand');
    expect(text('{price_super}')).toContain('text_price');
    expect(text('{sale_price_dot}')).toContain('text_sale_price');
    expect(text('{sale_price_dot}')).not.toContain('text_price');
    expect(text('-{discount_percent}%')).toContain('text_discount');
    expect(text('Save {price_delta}')).toContain('text_price_delta');
    expect(text('Save {price_delta}')).not.toContain('text_price');
    expect(text('{title}')).toEqual(['size_1080x1080', 'text']);
    expect(text('price brand')).toEqual(['size_1080x1080', 'text']);
  });

  it('gives every tag a group of spec section 3 and a label', () => {
    for (const tag of Object.values(AUTO_TAGS)) {
      expect(Object.keys(TAG_GROUP_LABELS)).toContain(tag.group);
      expect(tag.label).not.toBe('');
    }
    expect(TAG_GROUP_LABELS.STYLE).toBe('Template Design Playbook');
  });
});
