import { FONT_FAMILIES } from '@adloom/renderer/fonts';
import { describe, expect, it } from 'vitest';
import {
  BRAND_FONTS_GROUP,
  CATALOGUE_GROUP,
  UNKNOWN_FONT_GROUP,
  brandFontChoices,
  findChoice,
  fontChoices,
  fontFamilyPatch,
  fontSelectData,
  fontStylePatch,
  weightLabel,
  weightOptions,
} from './fontOptions';

const brand = brandFontChoices([
  {
    family: 'Acme Headline',
    weights: [400],
    italicWeights: [],
    source: 'BRAND_KIT',
    fontUrl: '/files/a.ttf',
  },
  { family: 'Lato', weights: [100, 400], italicWeights: [400], source: 'CATALOGUE', fontUrl: null },
]);
const choices = fontChoices(brand);
const family = (name: string) => findChoice(choices, name)!;

describe('the font list', () => {
  it('has the brand fonts under their own heading, then every catalogue family', () => {
    const data = fontSelectData(choices, 'Open Sans');
    expect(data.map((group) => group.group)).toEqual([BRAND_FONTS_GROUP, CATALOGUE_GROUP]);
    expect(data[0]!.items).toEqual([{ value: 'Acme Headline', label: 'Acme Headline' }]);
    expect(data[1]!.items.map((item) => item.value)).toEqual(FONT_FAMILIES.map((f) => f.family));
    expect(family('Acme Headline')).toMatchObject({ source: 'BRAND_KIT', fontUrl: '/files/a.ttf' });
  });

  it('lets a brand font hide a catalogue family of the same name, as the renderer does', () => {
    const shadowing = fontChoices(
      brandFontChoices([
        { family: 'open sans', weights: [400], italicWeights: [], source: 'BRAND_KIT', fontUrl: '/f' },
      ]),
    );
    expect(shadowing.filter((choice) => choice.family.toLowerCase() === 'open sans')).toHaveLength(1);
    expect(findChoice(shadowing, 'Open Sans')?.source).toBe('BRAND_KIT');
  });

  it('still shows a family the text uses that the list lacks (a deleted brand font)', () => {
    const data = fontSelectData(choices, 'Gone Font');
    expect(data.at(-1)).toEqual({
      group: UNKNOWN_FONT_GROUP,
      items: [{ value: 'Gone Font', label: 'Gone Font' }],
    });
  });
});

describe('weights', () => {
  it('names weights as spec section 9 does', () => {
    expect([100, 200, 300, 400, 500, 600, 700, 800, 900].map(weightLabel)).toEqual([
      '100 Thin',
      '200 Extra Light',
      '300 Light',
      '400 Normal',
      '500 Medium',
      '600 Semi Bold',
      '700 Bold',
      '800 Extra Bold',
      '900 Black',
    ]);
  });

  it('offers a brand font only 400', () => {
    expect(weightOptions(family('Acme Headline'), false, 400)).toEqual([
      { value: '400', label: '400 Normal' },
    ]);
  });

  it("offers the weights the catalogue family has, in the text's style", () => {
    const anton = FONT_FAMILIES.find((f) => f.family === 'Anton')!;
    expect(weightOptions(family('Anton'), false, 400).map((o) => Number(o.value))).toEqual(anton.weights);
    const openSans = FONT_FAMILIES.find((f) => f.family === 'Open Sans')!;
    expect(weightOptions(family('Open Sans'), true, 400).map((o) => Number(o.value))).toEqual(
      openSans.italicWeights,
    );
  });

  it('keeps the weight the template has, marked, when the family lacks it', () => {
    expect(weightOptions(family('Acme Headline'), false, 700)).toEqual([
      { value: '400', label: '400 Normal' },
      { value: '700', label: '700 Bold (not in this font)' },
    ]);
  });

  it('offers every weight for a family the list does not know', () => {
    expect(weightOptions(undefined, false, 400)).toHaveLength(9);
  });
});

describe('changing family and style', () => {
  it('moves the weight to the closest one the new family has and drops italic it cannot draw', () => {
    expect(fontFamilyPatch(family('Acme Headline'), { fontWeight: 700, fontStyle: 'italic' })).toEqual({
      fontFamily: 'Acme Headline',
      fontWeight: 400,
      fontStyle: 'normal',
    });
    expect(fontFamilyPatch(family('Anton'), { fontWeight: 700, fontStyle: 'normal' })).toMatchObject({
      fontWeight: 400,
    });
    expect(fontFamilyPatch(family('Open Sans'), { fontWeight: 700, fontStyle: 'italic' })).toEqual({
      fontFamily: 'Open Sans',
      fontWeight: 700,
      fontStyle: 'italic',
    });
  });

  it('turns italic on only where the family has it', () => {
    expect(fontStylePatch(family('Open Sans'), { fontWeight: 400 }, true)).toEqual({
      fontStyle: 'italic',
      fontWeight: 400,
    });
    expect(fontStylePatch(family('Acme Headline'), { fontWeight: 400 }, true).fontStyle).toBe('normal');
    expect(fontStylePatch(undefined, { fontWeight: 400 }, true).fontStyle).toBe('italic');
  });
});
