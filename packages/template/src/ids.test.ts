import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultSlotFeatures,
  formatLayerId,
  isPlainLayerId,
  parseLayerId,
  uniqueLayerId,
  type LayerIdInfo,
} from './ids.js';
import { canonicalId, idLikeString, layerIdInfo } from './testArbitraries.js';

const image = defaultSlotFeatures();

describe('parseLayerId: the rows of template-format.md section 2', () => {
  it('reads an image slot with defaults: cover, CENTER, MIDDLE', () => {
    expect(parseLayerId('MAIN_001')).toEqual({ kind: 'slot', number: 1, features: image });
  });

  it('reads _CONTAIN and the alignments', () => {
    expect(parseLayerId('MAIN_012_CONTAIN_RIGHT_BOTTOM')).toEqual({
      kind: 'slot',
      number: 12,
      features: { ...image, isContain: true, horizontalAlignment: 'RIGHT', verticalAlignment: 'BOTTOM' },
    });
  });

  it('reads explicit CENTER and MIDDLE and writes them back left out', () => {
    const info = parseLayerId('MAIN_001_CENTER_MIDDLE');
    expect(info).toEqual({ kind: 'slot', number: 1, features: image });
    expect(formatLayerId(info)).toBe('MAIN_001');
  });

  it('reads a slideshow with its options and a video with the defaults 2, 0.3, 4', () => {
    expect(parseLayerId('MAIN_002_SLIDESHOW[d=1.5;t=0.25;n=6]')).toEqual({
      kind: 'slot',
      number: 2,
      features: {
        ...image,
        media: { type: 'SLIDESHOW', options: { slideDuration: 1.5, transition: 0.25, maxSlides: 6 } },
      },
    });
    expect(parseLayerId('MAIN_003_VIDEO[]')).toEqual({
      kind: 'slot',
      number: 3,
      features: {
        ...image,
        media: { type: 'VIDEO', options: { slideDuration: 2, transition: 0.3, maxSlides: 4 } },
      },
    });
    expect(formatLayerId(parseLayerId('MAIN_003_VIDEO'))).toBe('MAIN_003_VIDEO[d=2;t=0.3;n=4]');
  });

  it('reads options in any order and writes them as d, t, n', () => {
    expect(formatLayerId(parseLayerId('MAIN_001_SLIDESHOW[n=3;d=1]'))).toBe(
      'MAIN_001_SLIDESHOW[d=1;t=0.3;n=3]',
    );
  });

  it('reads the clean-up tokens of this package: _REMBG, _BORDERS, _BORDERS_HARD', () => {
    const info = parseLayerId('MAIN_004_REMBG_BORDERS_BORDERS_HARD_VIDEO[d=2;t=0.3;n=4]');
    expect(info).toMatchObject({
      kind: 'slot',
      features: {
        removeBackground: true,
        removeBorders: true,
        removeBordersHard: true,
        media: { type: 'VIDEO' },
      },
    });
    expect(parseLayerId('MAIN_004_BORDERS_HARD')).toMatchObject({
      features: { removeBorders: false, removeBordersHard: true },
    });
  });

  it('reads a named slot: REMBG and SCALE fill (cover) or fit (contain)', () => {
    expect(parseLayerId('MAIN_SLOT:hero;REMBG:true;SCALE:fit')).toEqual({
      kind: 'namedSlot',
      name: 'hero',
      features: { ...image, removeBackground: true, isContain: true },
    });
    expect(parseLayerId('MAIN_SLOT:pack shot;REMBG:false;SCALE:fill')).toEqual({
      kind: 'namedSlot',
      name: 'pack shot',
      features: image,
    });
  });

  it('reads the named-slot extensions and writes REMBG and SCALE always', () => {
    const id = 'MAIN_SLOT:a;REMBG:false;SCALE:fill;BORDERS:true;HALIGN:LEFT;TYPE:SLIDESHOW;D:3;T:0.5;N:2';
    expect(parseLayerId(id)).toEqual({
      kind: 'namedSlot',
      name: 'a',
      features: {
        ...image,
        removeBorders: true,
        horizontalAlignment: 'LEFT',
        media: { type: 'SLIDESHOW', options: { slideDuration: 3, transition: 0.5, maxSlides: 2 } },
      },
    });
    expect(formatLayerId(parseLayerId('MAIN_SLOT:b'))).toBe('MAIN_SLOT:b;REMBG:false;SCALE:fill');
  });

  it('reads any other id starting with MAIN as a legacy slot', () => {
    for (const id of [
      'MAIN',
      'MAIN_IMAGE',
      'MAIN_1',
      'MAIN_0001',
      'MAIN_001_SIDEWAYS',
      'MAIN_SLOT:x;SCALE:huge',
    ]) {
      expect(parseLayerId(id)).toEqual({ kind: 'legacy', role: 'slot', id });
    }
  });

  it('treats a slideshow with impossible options as a legacy slot rather than guessing', () => {
    expect(parseLayerId('MAIN_001_SLIDESHOW[d=0]').kind).toBe('legacy');
    expect(parseLayerId('MAIN_001_SLIDESHOW[n=0]').kind).toBe('legacy');
    expect(parseLayerId('MAIN_001_SLIDESHOW[x=1]').kind).toBe('legacy');
  });

  it('reads MAIN_BLUR, MAIN_COPY, LOGO_MAIN and RATING with their _n suffixes', () => {
    expect(parseLayerId('MAIN_BLUR')).toEqual({ kind: 'blur', suffix: null });
    expect(parseLayerId('MAIN_COPY_2')).toEqual({ kind: 'copy', suffix: 2 });
    expect(parseLayerId('LOGO_MAIN')).toEqual({ kind: 'logo', suffix: null });
    expect(parseLayerId('LOGO_MAIN_3')).toEqual({ kind: 'logo', suffix: 3 });
    expect(parseLayerId('RATING_2')).toEqual({ kind: 'rating', suffix: 2 });
  });

  it('reads other ids starting with logo in any case as legacy logos', () => {
    expect(parseLayerId('logo_brand')).toEqual({ kind: 'legacy', role: 'logo', id: 'logo_brand' });
    expect(parseLayerId('LOGO_MAIN_X')).toEqual({ kind: 'legacy', role: 'logo', id: 'LOGO_MAIN_X' });
  });

  it('reads SALE, the stock levels and COLOR_PRIMARY, alone and combined', () => {
    const none = {
      sale: false,
      stockLevelLessThan10: false,
      stockLevelLessThan50: false,
      color: null,
      suffix: null,
    };
    expect(parseLayerId('SALE')).toEqual({ kind: 'flags', ...none, sale: true });
    expect(parseLayerId('SALE_2')).toEqual({ kind: 'flags', ...none, sale: true, suffix: 2 });
    expect(parseLayerId('STOCK_LEVEL_LESS_THAN_10')).toEqual({
      kind: 'flags',
      ...none,
      stockLevelLessThan10: true,
    });
    expect(parseLayerId('STOCK_LEVEL_LESS_THAN_50_4')).toEqual({
      kind: 'flags',
      ...none,
      stockLevelLessThan50: true,
      suffix: 4,
    });
    expect(parseLayerId('COLOR_PRIMARY')).toEqual({ kind: 'flags', ...none, color: { source: null } });
    expect(parseLayerId('COLOR_PRIMARY:brand_color_2')).toEqual({
      kind: 'flags',
      ...none,
      color: { source: 'brand_color_2' },
    });
    expect(parseLayerId('SALE_STOCK_LEVEL_LESS_THAN_10_COLOR_PRIMARY_3:sale_colour')).toEqual({
      kind: 'flags',
      ...none,
      sale: true,
      stockLevelLessThan10: true,
      color: { source: 'sale_colour' },
      suffix: 3,
    });
  });

  it('keeps loose sale and stock ids as legacy and a key on a non-colour id out of the grammar', () => {
    expect(parseLayerId('Sale badge')).toEqual({ kind: 'legacy', role: 'sale', id: 'Sale badge' });
    expect(parseLayerId('SALE:key')).toEqual({ kind: 'legacy', role: 'sale', id: 'SALE:key' });
    expect(parseLayerId('STOCK_LEVEL_LESS_THAN_100')).toEqual({
      kind: 'plain',
      id: 'STOCK_LEVEL_LESS_THAN_100',
    });
    expect(parseLayerId('STOCK_LEVEL_LESS_THAN_50_badge')).toEqual({
      kind: 'legacy',
      role: 'stockLevelLessThan50',
      id: 'STOCK_LEVEL_LESS_THAN_50_badge',
    });
    expect(parseLayerId('COLOR_PRIMARY:')).toEqual({ kind: 'plain', id: 'COLOR_PRIMARY:' });
  });

  it('reads everything else as plain', () => {
    for (const id of ['', 'text_1', 'rect', 'RATINGS', 'COLOR_PRIMARY_TEXT', 'main_001', 'x_MAIN']) {
      expect(parseLayerId(id)).toEqual({ kind: 'plain', id });
    }
  });
});

describe('formatLayerId', () => {
  it('writes every token of a slot in the canonical order', () => {
    const info: LayerIdInfo = {
      kind: 'slot',
      number: 7,
      features: {
        media: { type: 'SLIDESHOW', options: { slideDuration: 2, transition: 0.3, maxSlides: 4 } },
        isContain: true,
        horizontalAlignment: 'LEFT',
        verticalAlignment: 'TOP',
        removeBackground: true,
        removeBorders: true,
        removeBordersHard: true,
      },
    };
    expect(formatLayerId(info)).toBe(
      'MAIN_007_CONTAIN_LEFT_TOP_REMBG_BORDERS_BORDERS_HARD_SLIDESHOW[d=2;t=0.3;n=4]',
    );
  });

  it('puts the suffix before the colour key', () => {
    expect(
      formatLayerId({
        kind: 'flags',
        sale: true,
        stockLevelLessThan10: false,
        stockLevelLessThan50: true,
        color: { source: 'k' },
        suffix: 2,
      }),
    ).toBe('SALE_STOCK_LEVEL_LESS_THAN_50_COLOR_PRIMARY_2:k');
  });

  it('refuses what the grammar cannot carry', () => {
    expect(() => formatLayerId({ kind: 'slot', number: 1000, features: image })).toThrow(RangeError);
    expect(() => formatLayerId({ kind: 'namedSlot', name: 'a;b', features: image })).toThrow(RangeError);
    expect(() => formatLayerId({ kind: 'namedSlot', name: '', features: image })).toThrow(RangeError);
    expect(() => formatLayerId({ kind: 'logo', suffix: 0 })).toThrow(RangeError);
    expect(() =>
      formatLayerId({
        kind: 'flags',
        sale: false,
        stockLevelLessThan10: false,
        stockLevelLessThan50: false,
        color: null,
        suffix: null,
      }),
    ).toThrow(RangeError);
    expect(() =>
      formatLayerId({
        kind: 'slot',
        number: 1,
        features: {
          ...image,
          media: { type: 'VIDEO', options: { slideDuration: 1e-7, transition: 0, maxSlides: 1 } },
        },
      }),
    ).toThrow(RangeError);
    expect(() => formatLayerId({ kind: 'plain', id: 'SALE_badge' })).toThrow(/read as legacy/);
    expect(() => formatLayerId({ kind: 'legacy', role: 'slot', id: 'MAIN_001' })).toThrow(/read as slot/);
  });

  it('writes legacy and plain ids as they are', () => {
    expect(formatLayerId({ kind: 'legacy', role: 'slot', id: 'MAIN_IMAGE' })).toBe('MAIN_IMAGE');
    expect(formatLayerId({ kind: 'plain', id: 'text_3' })).toBe('text_3');
  });
});

describe('id grammar properties', () => {
  it('parse(format(info)) is info for every info the builder can write', () => {
    fc.assert(
      fc.property(layerIdInfo, (info) => {
        expect(parseLayerId(formatLayerId(info))).toEqual(info);
      }),
      { numRuns: 2000 },
    );
  });

  it('format(parse(id)) is id for every canonical id', () => {
    fc.assert(
      fc.property(canonicalId, (id) => {
        expect(formatLayerId(parseLayerId(id))).toBe(id);
      }),
      { numRuns: 2000 },
    );
  });

  it('parse never throws, and format(parse(s)) is a fixed point for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), idLikeString), (text) => {
        const info = parseLayerId(text);
        const canonical = formatLayerId(info);
        expect(parseLayerId(canonical)).toEqual(info);
        if (info.kind === 'legacy' || info.kind === 'plain') expect(canonical).toBe(text);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('uniqueLayerId', () => {
  it('keeps a free id', () => {
    expect(uniqueLayerId('LOGO_MAIN', ['RATING'])).toBe('LOGO_MAIN');
    expect(uniqueLayerId('MAIN_002', ['MAIN_001'])).toBe('MAIN_002');
  });

  it('adds or moves the _n suffix', () => {
    expect(uniqueLayerId('LOGO_MAIN', ['LOGO_MAIN'])).toBe('LOGO_MAIN_2');
    expect(uniqueLayerId('LOGO_MAIN', ['LOGO_MAIN', 'LOGO_MAIN_2'])).toBe('LOGO_MAIN_3');
    expect(uniqueLayerId('RATING_2', ['RATING_2'])).toBe('RATING_3');
    expect(uniqueLayerId('COLOR_PRIMARY:price', ['COLOR_PRIMARY:price'])).toBe('COLOR_PRIMARY_2:price');
    expect(uniqueLayerId('text_2', ['text_2'])).toBe('text_3');
    expect(uniqueLayerId('MAIN_IMAGE', ['MAIN_IMAGE'])).toBe('MAIN_IMAGE_2');
  });

  it('refuses a loose id that a suffix would give a meaning', () => {
    expect(() => uniqueLayerId('COLOR_PRIMARY:', ['COLOR_PRIMARY:'])).toThrow(/cannot be made unique/);
  });

  it('moves a slot whose number is in use after the highest number, keeping its options', () => {
    expect(uniqueLayerId('MAIN_001_CONTAIN', ['MAIN_001', 'MAIN_004_VIDEO[d=2;t=0.3;n=4]'])).toBe(
      'MAIN_005_CONTAIN',
    );
  });

  it('suffixes the name of a named slot', () => {
    expect(
      uniqueLayerId('MAIN_SLOT:hero;REMBG:true;SCALE:fit', ['MAIN_SLOT:hero;REMBG:false;SCALE:fill']),
    ).toBe('MAIN_SLOT:hero_2;REMBG:true;SCALE:fit');
  });

  it('always returns an id outside the taken ones that means the same', () => {
    fc.assert(
      fc.property(fc.array(canonicalId, { maxLength: 8 }), canonicalId, (taken, base) => {
        const id = uniqueLayerId(base, taken);
        expect(taken).not.toContain(id);
        const before = parseLayerId(base);
        const after = parseLayerId(id);
        expect(after.kind).toBe(before.kind);
        if (before.kind === 'slot' && after.kind === 'slot') {
          expect(after.features).toEqual(before.features);
          const numbers = taken
            .map(parseLayerId)
            .flatMap((info) => (info.kind === 'slot' ? [info.number] : []));
          expect(numbers).not.toContain(after.number);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('isPlainLayerId', () => {
  it('accepts ids without meaning and refuses reserved ones', () => {
    expect(isPlainLayerId('text_1')).toBe(true);
    expect(isPlainLayerId('')).toBe(false);
    expect(isPlainLayerId('a\nb')).toBe(false);
    for (const id of ['MAIN_x', 'logo', 'sale', 'RATING', 'COLOR_PRIMARY', 'STOCK_LEVEL_LESS_THAN_10_x']) {
      expect(isPlainLayerId(id)).toBe(false);
    }
  });
});
