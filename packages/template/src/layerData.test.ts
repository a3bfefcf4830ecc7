import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultLayerData,
  idToLayerData,
  layerDataToId,
  WIDGET_LABELS,
  type LayerIdData,
} from './layerData.js';
import { decimal, horizontal, vertical } from './testArbitraries.js';

const { name: _name, thumbnail: _thumbnail, ...plain } = defaultLayerData();

/** Layer data the builder can produce: each role with only the fields that apply to it. */
const layerIdData: fc.Arbitrary<LayerIdData> = fc.oneof(
  fc
    .record({
      dynamicLayerType: fc.constantFrom('IMAGE' as const, 'SLIDESHOW' as const, 'VIDEO' as const),
      dynamicLayerHorizontalAlignment: horizontal,
      dynamicLayerVerticalAlignment: vertical,
      isContain: fc.boolean(),
      removeBackground: fc.boolean(),
      removeBorders: fc.boolean(),
      removeBordersHard: fc.boolean(),
      slideDuration: decimal(true),
      transition: decimal(false),
      maxSlides: fc.integer({ min: 1, max: 50 }),
      slot: fc.oneof(
        fc.integer({ min: 0, max: 999 }).map((slotNumber) => ({ slotNumber, slotName: null })),
        fc.stringMatching(/^[a-z][a-z0-9 _-]{0,10}$/).map((slotName) => ({ slotNumber: null, slotName })),
      ),
    })
    .map(({ slot, ...data }): LayerIdData => {
      const timing =
        data.dynamicLayerType === 'IMAGE' ? { slideDuration: 2, transition: 0.3, maxSlides: 4 } : {};
      return { ...plain, ...data, ...timing, ...slot };
    }),
  fc
    .constantFrom('LOGO_MAIN' as const, 'BLUR' as const, 'COPY' as const)
    .map((dynamicLayerType): LayerIdData => ({ ...plain, dynamicLayerType })),
  fc.constant<LayerIdData>({ ...plain, widgetType: 'RATING' }),
  fc
    .record({
      isSale: fc.boolean(),
      stockLevelLessThan10: fc.boolean(),
      stockLevelLessThan50: fc.boolean(),
      isDynamicColor: fc.boolean(),
      dynamicColorSource: fc.option(fc.stringMatching(/^[a-z_]{1,12}$/), { nil: null }),
    })
    .map((flags): LayerIdData => ({
      ...plain,
      ...flags,
      dynamicColorSource: flags.isDynamicColor ? flags.dynamicColorSource : null,
    })),
  fc.constant<LayerIdData>(plain),
);

describe('layer data and ids', () => {
  it('round-trip without loss for every role', () => {
    fc.assert(
      fc.property(layerIdData, (data) => {
        expect(idToLayerData(layerDataToId(data))).toEqual(data);
      }),
      { numRuns: 2000 },
    );
  });

  it('map each role to its id', () => {
    expect(
      layerDataToId({ ...plain, dynamicLayerType: 'IMAGE', slotNumber: 3, removeBackground: true }),
    ).toBe('MAIN_003_REMBG');
    expect(
      layerDataToId({
        ...plain,
        dynamicLayerType: 'VIDEO',
        slotNumber: 1,
        slideDuration: 3,
        isContain: true,
      }),
    ).toBe('MAIN_001_CONTAIN_VIDEO[d=3;t=0.3;n=4]');
    expect(layerDataToId({ ...plain, dynamicLayerType: 'IMAGE', slotName: 'hero', isContain: true })).toBe(
      'MAIN_SLOT:hero;REMBG:false;SCALE:fit',
    );
    expect(layerDataToId({ ...plain, dynamicLayerType: 'BLUR' })).toBe('MAIN_BLUR');
    expect(layerDataToId({ ...plain, dynamicLayerType: 'COPY' })).toBe('MAIN_COPY');
    expect(layerDataToId({ ...plain, dynamicLayerType: 'LOGO_MAIN' })).toBe('LOGO_MAIN');
    expect(layerDataToId({ ...plain, widgetType: 'RATING' })).toBe('RATING');
    expect(layerDataToId({ ...plain, isSale: true, isDynamicColor: true, dynamicColorSource: 'c' })).toBe(
      'SALE_COLOR_PRIMARY:c',
    );
    expect(layerDataToId({ ...plain, stockLevelLessThan50: true })).toBe('STOCK_LEVEL_LESS_THAN_50');
    expect(layerDataToId(plain, { plainId: 'text_1' })).toBe('text_1');
    expect(layerDataToId(plain)).toBe('layer');
  });

  it('give a slot without a number the next free one, and keep other ids unique with _n', () => {
    const taken = ['MAIN_001', 'MAIN_004_CONTAIN', 'LOGO_MAIN', 'layer'];
    expect(layerDataToId({ ...plain, dynamicLayerType: 'IMAGE' }, { taken })).toBe('MAIN_005');
    expect(layerDataToId({ ...plain, dynamicLayerType: 'IMAGE' })).toBe('MAIN_001');
    expect(layerDataToId({ ...plain, dynamicLayerType: 'IMAGE', slotNumber: 1 }, { taken })).toBe('MAIN_005');
    expect(layerDataToId({ ...plain, dynamicLayerType: 'LOGO_MAIN' }, { taken })).toBe('LOGO_MAIN_2');
    expect(layerDataToId(plain, { taken })).toBe('layer_2');
  });

  it('drop fields that do not apply to the role, and let the dynamic type win over a widget', () => {
    const id = layerDataToId({
      ...plain,
      dynamicLayerType: 'IMAGE',
      slotNumber: 1,
      isSale: true,
      maxSlides: 9,
    });
    expect(id).toBe('MAIN_001');
    expect(idToLayerData(id)).toMatchObject({ isSale: false, maxSlides: 4 });
    expect(layerDataToId({ ...plain, dynamicLayerType: 'LOGO_MAIN', widgetType: 'RATING' })).toBe(
      'LOGO_MAIN',
    );
    expect(idToLayerData(layerDataToId({ ...plain, dynamicColorSource: 'ignored' }))).toEqual(plain);
  });

  it('refuse a plain id that would read as dynamic', () => {
    expect(() => layerDataToId(plain, { plainId: 'SALE_text' })).toThrow(/dynamic meaning/);
  });

  it('read legacy ids into the nearest layer data', () => {
    expect(idToLayerData('MAIN_PRODUCT_CONTAIN')).toMatchObject({
      dynamicLayerType: 'IMAGE',
      isContain: true,
      slotNumber: null,
    });
    expect(idToLayerData('logo_partner')).toMatchObject({ dynamicLayerType: 'LOGO_MAIN' });
    expect(idToLayerData('sale_badge')).toMatchObject({ isSale: true });
    expect(idToLayerData('STOCK_LEVEL_LESS_THAN_10_x')).toMatchObject({ stockLevelLessThan10: true });
    expect(idToLayerData('text_7')).toEqual(plain);
  });

  it('have the spec defaults: MIDDLE, CENTER, 2 s, 0.3 s, 4 slides', () => {
    expect(defaultLayerData()).toMatchObject({
      dynamicLayerType: null,
      dynamicLayerVerticalAlignment: 'MIDDLE',
      dynamicLayerHorizontalAlignment: 'CENTER',
      slideDuration: 2,
      transition: 0.3,
      maxSlides: 4,
    });
    expect(WIDGET_LABELS.RATING).toBe('Star Rating');
  });
});
