import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLayerId } from './ids.js';
import { metadataFlag } from './metadata.js';
import {
  dynamicColorSource,
  failedLayerConditions,
  findLogoKey,
  isBlurLayerId,
  isCopyLayerId,
  isLayerShown,
  isLogoLayerId,
  isMainSlotId,
  isRatingLayerId,
  layerConditions,
  slotPlacement,
  sortMainSlotIds,
} from './predicates.js';
import { layerIdInfo } from './testArbitraries.js';

describe('main slots', () => {
  it('are the ids starting with MAIN except MAIN_BLUR and MAIN_COPY', () => {
    expect(isMainSlotId('MAIN_001')).toBe(true);
    expect(isMainSlotId('MAIN_SLOT:a;REMBG:false;SCALE:fill')).toBe(true);
    expect(isMainSlotId('MAIN')).toBe(true);
    expect(isMainSlotId('MAIN_BLUR')).toBe(false);
    expect(isMainSlotId('MAIN_COPY_2')).toBe(false);
    expect(isMainSlotId('LOGO_MAIN')).toBe(false);
    expect(isBlurLayerId('MAIN_BLUR')).toBe(true);
    expect(isCopyLayerId('MAIN_COPY')).toBe(true);
  });

  it('are sorted by code units, so MAIN_nnn order is slot order', () => {
    const ids = [
      'MAIN_010',
      'text',
      'MAIN_BLUR',
      'MAIN_002_CONTAIN',
      'MAIN_SLOT:z;REMBG:false;SCALE:fill',
      'MAIN_001',
    ];
    expect(sortMainSlotIds(ids)).toEqual([
      'MAIN_001',
      'MAIN_002_CONTAIN',
      'MAIN_010',
      'MAIN_SLOT:z;REMBG:false;SCALE:fill',
    ]);
  });

  it('place the image by CONTAIN, SCALE or, for legacy ids, the word CONTAIN anywhere', () => {
    expect(slotPlacement('MAIN_001_CONTAIN_LEFT')).toEqual({
      isContain: true,
      horizontalAlignment: 'LEFT',
      verticalAlignment: 'MIDDLE',
    });
    expect(slotPlacement('MAIN_SLOT:CONTAINER;REMBG:false;SCALE:fill')?.isContain).toBe(false);
    expect(slotPlacement('MAIN_SLOT:x;REMBG:false;SCALE:fit')?.isContain).toBe(true);
    expect(slotPlacement('MAIN_PRODUCT_CONTAIN')).toEqual({
      isContain: true,
      horizontalAlignment: 'CENTER',
      verticalAlignment: 'MIDDLE',
    });
    expect(slotPlacement('MAIN_PRODUCT')?.isContain).toBe(false);
    expect(slotPlacement('LOGO_MAIN')).toBeUndefined();
  });
});

describe('logos', () => {
  it('are ids starting with logo in any case', () => {
    expect(isLogoLayerId('LOGO_MAIN')).toBe(true);
    expect(isLogoLayerId('logo_brand')).toBe(true);
    expect(isLogoLayerId('Logo')).toBe(true);
    expect(isLogoLayerId('MAIN_LOGO')).toBe(false);
  });

  it('match the logo key that appears in the id, the longest when several do', () => {
    expect(findLogoKey('LOGO_MAIN', ['main'])).toBe('main');
    expect(findLogoKey('LOGO_MAIN_2', ['main'])).toBe('main');
    expect(findLogoKey('LOGO_MAIN_BRAND', ['main', 'main_brand'])).toBe('main_brand');
    expect(findLogoKey('LOGO_MAIN', ['partner', ''])).toBeUndefined();
  });
});

describe('the rating widget', () => {
  it('is RATING with an optional suffix', () => {
    expect(isRatingLayerId('RATING')).toBe(true);
    expect(isRatingLayerId('RATING_2')).toBe(true);
    expect(isRatingLayerId('RATINGS')).toBe(false);
  });
});

describe('conditional layers', () => {
  it('are ids starting with sale in any case and the two stock-level ids', () => {
    expect(layerConditions('SALE_2')).toEqual({
      sale: true,
      stockLevelLessThan10: false,
      stockLevelLessThan50: false,
    });
    expect(layerConditions('sale-badge').sale).toBe(true);
    expect(layerConditions('STOCK_LEVEL_LESS_THAN_10')).toEqual({
      sale: false,
      stockLevelLessThan10: true,
      stockLevelLessThan50: false,
    });
    expect(layerConditions('STOCK_LEVEL_LESS_THAN_50_x').stockLevelLessThan50).toBe(true);
    expect(layerConditions('SALE_STOCK_LEVEL_LESS_THAN_10_COLOR_PRIMARY')).toEqual({
      sale: true,
      stockLevelLessThan10: true,
      stockLevelLessThan50: false,
    });
    expect(layerConditions('text')).toEqual({
      sale: false,
      stockLevelLessThan10: false,
      stockLevelLessThan50: false,
    });
  });

  it('are shown only when their flags are true', () => {
    expect(isLayerShown('SALE', { is_sale: 'True' })).toBe(true);
    expect(isLayerShown('SALE', { is_sale: 'False' })).toBe(false);
    expect(isLayerShown('SALE', {})).toBe(false);
    expect(isLayerShown('STOCK_LEVEL_LESS_THAN_10', { stock_level_less_than_10: true })).toBe(true);
    expect(isLayerShown('STOCK_LEVEL_LESS_THAN_50', { stock_level_less_than_50: 'False' })).toBe(false);
    expect(
      isLayerShown('SALE_STOCK_LEVEL_LESS_THAN_10', { is_sale: 'True', stock_level_less_than_10: 'False' }),
    ).toBe(false);
    expect(isLayerShown('text', {})).toBe(true);
  });

  it('name the conditions that fail, which is what hides them', () => {
    expect(failedLayerConditions('SALE_2', { is_sale: 'False' })).toEqual(['sale']);
    expect(failedLayerConditions('SALE_STOCK_LEVEL_LESS_THAN_10', { is_sale: 'True' })).toEqual([
      'stockLevelLessThan10',
    ]);
    expect(failedLayerConditions('STOCK_LEVEL_LESS_THAN_50', { stock_level_less_than_50: 'True' })).toEqual(
      [],
    );
    expect(failedLayerConditions('text', {})).toEqual([]);
  });

  it('read flags as false when missing, the string False, false, or blank', () => {
    for (const value of [undefined, null, '', ' ', 'False', 'false', 'FALSE', false]) {
      expect(metadataFlag({ is_sale: value }, 'is_sale')).toBe(false);
    }
    for (const value of ['True', 'true', 'yes', '1', true, 1]) {
      expect(metadataFlag({ is_sale: value }, 'is_sale')).toBe(true);
    }
    expect(metadataFlag({}, 'constructor')).toBe(false);
  });
});

describe('dynamic colour', () => {
  it('is COLOR_PRIMARY, optionally with a metadata key after a colon', () => {
    expect(dynamicColorSource('COLOR_PRIMARY')).toEqual({ source: null });
    expect(dynamicColorSource('COLOR_PRIMARY_2:brand_color')).toEqual({ source: 'brand_color' });
    expect(dynamicColorSource('SALE_COLOR_PRIMARY:sale_color')).toEqual({ source: 'sale_color' });
    expect(dynamicColorSource('SALE')).toBeUndefined();
    expect(dynamicColorSource('text')).toBeUndefined();
  });
});

describe('predicates agree with the parsed meaning', () => {
  it('for every id the builder writes', () => {
    fc.assert(
      fc.property(layerIdInfo, (info) => {
        const id = formatLayerId(info);
        expect(isMainSlotId(id)).toBe(info.kind === 'slot' || info.kind === 'namedSlot');
        expect(isLogoLayerId(id)).toBe(info.kind === 'logo');
        expect(isRatingLayerId(id)).toBe(info.kind === 'rating');
        expect(isBlurLayerId(id)).toBe(info.kind === 'blur');
        expect(isCopyLayerId(id)).toBe(info.kind === 'copy');
        expect(layerConditions(id).sale).toBe(info.kind === 'flags' && info.sale);
        expect(dynamicColorSource(id)).toEqual(info.kind === 'flags' && info.color ? info.color : undefined);
        if (info.kind === 'slot' || info.kind === 'namedSlot') {
          expect(slotPlacement(id)?.isContain).toBe(info.features.isContain);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
