import { describe, expect, it } from 'vitest';
import { extractSlots, slotFeatureMap } from './slots.js';

describe('extractSlots', () => {
  const ids = [
    'text_1',
    'MAIN_BLUR',
    'MAIN_002_SLIDESHOW[d=1.5;t=0.3;n=6]',
    'MAIN_COPY',
    'MAIN_001_CONTAIN_LEFT_TOP_REMBG',
    'MAIN_SLOT:packshot;REMBG:true;SCALE:fit;BORDERS_HARD:true',
    'LOGO_MAIN',
    'MAIN_003_BORDERS_VIDEO[d=2;t=0.3;n=3]',
  ];
  const slots = extractSlots(ids);

  it('lists the input slots in input order, without blur, copy or other layers', () => {
    expect(slots.map((slot) => [slot.index, slot.id])).toEqual([
      [0, 'MAIN_001_CONTAIN_LEFT_TOP_REMBG'],
      [1, 'MAIN_002_SLIDESHOW[d=1.5;t=0.3;n=6]'],
      [2, 'MAIN_003_BORDERS_VIDEO[d=2;t=0.3;n=3]'],
      [3, 'MAIN_SLOT:packshot;REMBG:true;SCALE:fit;BORDERS_HARD:true'],
    ]);
  });

  it('names, types and features each slot', () => {
    expect(slots[0]).toEqual({
      id: 'MAIN_001_CONTAIN_LEFT_TOP_REMBG',
      name: 'MAIN_001',
      index: 0,
      type: 'IMAGE',
      removeBackground: true,
      removeBorders: false,
      removeBordersHard: false,
      maxSlides: 1,
      features: [
        { key: 'isContain', value: 'true' },
        { key: 'horizontalAlignment', value: 'LEFT' },
        { key: 'verticalAlignment', value: 'TOP' },
        { key: 'removeBackground', value: 'true' },
        { key: 'removeBorders', value: 'false' },
        { key: 'removeBordersHard', value: 'false' },
      ],
    });
    expect(slots[1]).toMatchObject({ name: 'MAIN_002', type: 'SLIDESHOW', maxSlides: 6 });
    expect(slotFeatureMap(slots[1]!)).toEqual({
      isContain: 'false',
      horizontalAlignment: 'CENTER',
      verticalAlignment: 'MIDDLE',
      removeBackground: 'false',
      removeBorders: 'false',
      removeBordersHard: 'false',
      slideDuration: '1.5',
      transition: '0.3',
      maxSlides: '6',
    });
    expect(slots[2]).toMatchObject({ type: 'VIDEO', maxSlides: 3, removeBorders: true });
    expect(slots[3]).toMatchObject({
      name: 'packshot',
      type: 'IMAGE',
      removeBackground: true,
      removeBordersHard: true,
    });
  });

  it('reads a legacy slot as a cover image unless its id contains CONTAIN', () => {
    const [legacy, contained] = extractSlots(['MAIN', 'MAIN_PRODUCT_CONTAIN']);
    expect(legacy).toMatchObject({ id: 'MAIN', name: 'MAIN', type: 'IMAGE' });
    expect(slotFeatureMap(legacy!).isContain).toBe('false');
    expect(slotFeatureMap(contained!).isContain).toBe('true');
  });

  it('finds no slots in a template without main layers', () => {
    expect(extractSlots(['LOGO_MAIN', 'RATING', 'MAIN_BLUR'])).toEqual([]);
  });
});
