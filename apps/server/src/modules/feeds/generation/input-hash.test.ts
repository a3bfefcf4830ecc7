import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  creativeInputHash,
  pickMetadata,
  placeholderSources,
  templateUses,
  usedKeys,
  type CreativeInputs,
} from './input-hash.js';

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">${body}</svg>`;

describe('usedKeys', () => {
  it('reads the placeholders of text titles, with derived price keys mapped to their sources', () => {
    const template = svg(
      '<text title="{title|uppercase} for {price_super}" data-width="50">x</text>' +
        '<g><text title="save {price_delta_dot}">y</text></g>' +
        '<text>{brand} is plain text, not a template</text>' +
        '<rect title="{description}" width="1" height="1"/>',
    );
    expect(usedKeys(template)).toEqual(
      ['price', 'price_delta', 'price_delta_dot', 'price_super', 'sale_price', 'title'].sort(),
    );
  });

  it('adds is_sale, the stock flags, the rating keys and colour sources for their layers', () => {
    expect(usedKeys(svg('<rect id="SALE" width="1" height="1"/>'))).toEqual(['is_sale']);
    expect(usedKeys(svg('<rect id="sale_badge" width="1" height="1"/>'))).toEqual(['is_sale']);
    expect(usedKeys(svg('<rect id="STOCK_LEVEL_LESS_THAN_10_2" width="1" height="1"/>'))).toEqual([
      'stock_level_less_than_10',
    ]);
    expect(usedKeys(svg('<rect id="SALE_STOCK_LEVEL_LESS_THAN_50" width="1" height="1"/>'))).toEqual([
      'is_sale',
      'stock_level_less_than_50',
    ]);
    expect(usedKeys(svg('<rect id="RATING" width="1" height="1"/>'))).toEqual([
      'rating_scale_max',
      'rating_scale_min',
      'rating_value',
    ]);
    expect(usedKeys(svg('<rect id="COLOR_PRIMARY:custom_label_0" width="1" height="1"/>'))).toEqual([
      'custom_label_0',
    ]);
  });

  it('says when the template needs the input colour or a logo', () => {
    expect(templateUses(svg('<rect id="COLOR_PRIMARY" width="1" height="1"/>'))).toEqual({
      keys: [],
      inputColor: true,
      logoLayers: false,
      fontFamilies: [],
    });
    expect(templateUses(svg('<image id="LOGO_MAIN" width="1" height="1"/>')).logoLayers).toBe(true);
    expect(templateUses(svg('<rect id="MAIN_001" width="1" height="1"/>'))).toEqual({
      keys: [],
      inputColor: false,
      logoLayers: false,
      fontFamilies: [],
    });
  });

  it('lists the font families the template names, in attributes and styles', () => {
    const text =
      '<text font-family="\'Acme Sans\', Arial" title="{title}">t</text>' +
      '<text style="fill:red; font-family: Open Sans ;font-weight:700">u</text>' +
      '<g font-family="Acme Sans"><text>v</text></g>';
    expect(templateUses(svg(text)).fontFamilies).toEqual(['Acme Sans', 'Open Sans']);
  });

  it('maps derived keys to their sources', () => {
    expect(placeholderSources('title')).toEqual(['title']);
    expect(placeholderSources('price_round')).toEqual(['price_round', 'price']);
    expect(placeholderSources('sale_price_floor')).toEqual(['sale_price_floor', 'sale_price']);
    expect(placeholderSources('price_delta')).toEqual(['price_delta', 'price', 'sale_price']);
    expect(placeholderSources('price_delta_super')).toEqual([
      'price_delta_super',
      'price_delta',
      'price',
      'sale_price',
    ]);
  });
});

describe('creativeInputHash', () => {
  const base: CreativeInputs = {
    templateVersionId: 'v1',
    usedMetadata: { title: 'Backpack', price: '129.00' },
    slotFeatures: { MAIN_001: { removeBorders: 'true', isContain: 'false' } },
    imageHashes: ['aa'],
    format: 'jpeg;q=90',
  };

  it('is a sha256 hex that does not depend on key order', () => {
    const hash = creativeInputHash(base);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(
      creativeInputHash({
        ...base,
        usedMetadata: { price: '129.00', title: 'Backpack' },
        slotFeatures: { MAIN_001: { isContain: 'false', removeBorders: 'true' } },
      }),
    ).toBe(hash);
  });

  it('changes with every input', () => {
    const hash = creativeInputHash(base);
    const variants: CreativeInputs[] = [
      { ...base, templateVersionId: 'v2' },
      { ...base, usedMetadata: { ...base.usedMetadata, title: 'Other' } },
      { ...base, usedMetadata: { title: 'Backpack' } },
      { ...base, slotFeatures: { MAIN_001: { removeBorders: 'false', isContain: 'false' } } },
      { ...base, imageHashes: ['ab'] },
      { ...base, imageHashes: ['aa', 'bb'] },
      { ...base, format: 'png' },
      { ...base, brand: { color: '#ff0000' } },
      { ...base, brand: { logos: { main: 'cc' } } },
    ];
    const hashes = new Set(variants.map(creativeInputHash));
    expect(hashes.size).toBe(variants.length);
    expect(hashes.has(hash)).toBe(false);
  });

  it('picks only the used keys, so other fields do not change it', () => {
    const metadata = { title: 'Backpack', price: '129.00', description: 'one', extra_field: 'x' };
    const keys = ['price', 'title', 'sale_price'];
    const a = creativeInputHash({ ...base, usedMetadata: pickMetadata(metadata, keys) });
    const b = creativeInputHash({
      ...base,
      usedMetadata: pickMetadata({ ...metadata, description: 'two', extra_field: 'y' }, keys),
    });
    expect(a).toBe(b);
    expect(pickMetadata(metadata, keys)).toEqual({ price: '129.00', title: 'Backpack' });
  });

  it('writes canonical JSON', () => {
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: undefined, e: true })).toBe(
      '{"b":[1,{"c":"x","d":null}],"e":true}',
    );
  });
});
