import { describe, expect, it } from 'vitest';
import {
  designDraftOf,
  designInputs,
  designSlotRows,
  type DesignSlotRow,
  emptyDesign,
  feedNameError,
  INCOMPLETE_FILTER,
  itemFilterError,
  slotChoices,
  slotFeaturesJson,
  type TemplateSlotLike,
  warningDesignInputs,
} from './feedDraft';

const pickPlacement = ({ horizontalAlignment, verticalAlignment }: DesignSlotRow['values']) => ({
  horizontalAlignment,
  verticalAlignment,
});

const features = (values: Record<string, string>) =>
  Object.entries(values).map(([key, value]) => ({ key, value }));

const slots: TemplateSlotLike[] = [
  {
    id: 'MAIN_002',
    index: 1,
    features: features({
      isContain: 'true',
      removeBorders: 'false',
      removeBackground: 'false',
      horizontalAlignment: 'LEFT',
      verticalAlignment: 'TOP',
    }),
  },
  { id: 'MAIN_001', index: 0, features: features({ isContain: 'false', removeBackground: 'true' }) },
];

describe('slotChoices', () => {
  it('reads the switches and the placement from the template, in input order', () => {
    expect(slotChoices(slots)).toEqual([
      {
        slotId: 'MAIN_001',
        isContain: false,
        removeBorders: false,
        removeBordersHard: false,
        removeBackground: true,
        horizontalAlignment: 'CENTER',
        verticalAlignment: 'MIDDLE',
      },
      {
        slotId: 'MAIN_002',
        isContain: true,
        removeBorders: false,
        removeBordersHard: false,
        removeBackground: false,
        horizontalAlignment: 'LEFT',
        verticalAlignment: 'TOP',
      },
    ]);
  });
  it('reads the placement in any case, and falls back to centre and middle for other values', () => {
    const read = (horizontalAlignment: string, verticalAlignment: string) => {
      const [choice] = slotChoices([
        { id: 'MAIN_001', index: 0, features: features({ horizontalAlignment, verticalAlignment }) },
      ]);
      return [choice?.horizontalAlignment, choice?.verticalAlignment];
    };
    expect(read('right', ' Bottom ')).toEqual(['RIGHT', 'BOTTOM']);
    expect(read('Left', 'top')).toEqual(['LEFT', 'TOP']);
    expect(read('JUSTIFY', '')).toEqual(['CENTER', 'MIDDLE']);
  });
});

describe('slotFeaturesJson', () => {
  it('is empty when every slot is left as designed', () =>
    expect(slotFeaturesJson(slots, slotChoices(slots))).toBe('{}'));
  it('holds only the switches changed, as strings', () => {
    const [first, second] = slotChoices(slots);
    const json = slotFeaturesJson(slots, [
      { ...first!, isContain: true, removeBackground: false },
      { ...second!, removeBordersHard: true },
    ]);
    expect(JSON.parse(json)).toEqual({
      MAIN_001: { isContain: 'true', removeBackground: 'false' },
      MAIN_002: { removeBordersHard: 'true' },
    });
  });
  it('holds only the placement changed, upper case', () => {
    const [first, second] = slotChoices(slots);
    const json = slotFeaturesJson(slots, [first!, { ...second!, verticalAlignment: 'BOTTOM' }]);
    expect(JSON.parse(json)).toEqual({ MAIN_002: { verticalAlignment: 'BOTTOM' } });
  });
  it('sends the server’s default placement when the template places the image elsewhere', () => {
    const [first, second] = slotChoices(slots);
    const json = slotFeaturesJson(slots, [
      { ...first!, horizontalAlignment: 'RIGHT' },
      { ...second!, horizontalAlignment: 'CENTER', verticalAlignment: 'MIDDLE' },
    ]);
    expect(JSON.parse(json)).toEqual({
      MAIN_001: { horizontalAlignment: 'RIGHT' },
      MAIN_002: { horizontalAlignment: 'CENTER', verticalAlignment: 'MIDDLE' },
    });
  });
  it('ignores choices for slots the template does not have', () =>
    expect(
      slotFeaturesJson(slots, [
        {
          slotId: 'GONE',
          isContain: true,
          removeBorders: true,
          removeBordersHard: true,
          removeBackground: true,
          horizontalAlignment: 'LEFT',
          verticalAlignment: 'BOTTOM',
        },
      ]),
    ).toBe('{}'));
});

describe('validation', () => {
  it('accepts an empty filter or a JSON object', () => {
    expect(itemFilterError('')).toBeNull();
    expect(itemFilterError('  ')).toBeNull();
    expect(itemFilterError('{"brand":{"eq":"Acme"}}')).toBeNull();
  });
  it('refuses text that is not JSON, and JSON that is not an object', () => {
    expect(itemFilterError('{brand')).toBe('The item filter is not valid JSON.');
    expect(itemFilterError('[1]')).toMatch(/must be a JSON object/);
    expect(itemFilterError('"x"')).toMatch(/must be a JSON object/);
  });
  it('checks the feed name', () => {
    expect(feedNameError(' ')).toBe('Give the feed a name.');
    expect(feedNameError('x'.repeat(101))).toMatch(/at most 100/);
    expect(feedNameError('Shoes')).toBeNull();
  });
});

describe('designInputs', () => {
  const templates = new Map([['t1', { slots }]]);
  it('keeps the order and trims the filter', () => {
    const first = {
      ...emptyDesign('a'),
      templateId: 't1',
      slots: slotChoices(slots),
      itemFilter: ' {"a":{"eq":"b"}} ',
    };
    const second = { ...emptyDesign('b'), templateId: 't1', slots: slotChoices(slots) };
    expect(designInputs([first, second], templates)).toEqual([
      { templateId: 't1', slotFeaturesJson: '{}', itemFilterJson: '{"a":{"eq":"b"}}' },
      { templateId: 't1', slotFeaturesJson: '{}', itemFilterJson: null },
    ]);
  });
  it('throws for a design without a known template', () => {
    expect(() => designInputs([emptyDesign('a')], templates)).toThrow('Design 1 has no template.');
    expect(() => designInputs([{ ...emptyDesign('a'), templateId: 'gone' }], templates)).toThrow();
  });
});

describe('warningDesignInputs (the designs the form’s layer warnings count over)', () => {
  const templates = new Map([['t1', { slots }]]);
  const chosen = { ...emptyDesign('a'), templateId: 't1', slots: slotChoices(slots) };
  it('leaves out a design whose template is not chosen yet', () => {
    expect(warningDesignInputs([chosen, emptyDesign('b')], templates)).toEqual([
      { templateId: 't1', slotFeaturesJson: '{}', itemFilterJson: null },
    ]);
  });
  it('counts nothing with no template chosen or an unfinished item filter', () => {
    expect(warningDesignInputs([emptyDesign('a')], templates)).toBeNull();
    expect(warningDesignInputs([chosen, { ...chosen, key: 'b', itemFilter: null }], templates)).toBeNull();
    expect(warningDesignInputs([{ ...chosen, itemFilter: '{"brand":' }], templates)).toBeNull();
  });
});

describe('designSlotRows', () => {
  it('lays the design over the template and marks what it changed', () => {
    const rows = designSlotRows(slots, { MAIN_001: { isContain: 'true', removeBackground: 'true' } });
    expect(rows).toEqual([
      {
        slotId: 'MAIN_001',
        values: {
          isContain: true,
          removeBorders: false,
          removeBordersHard: false,
          removeBackground: true,
          horizontalAlignment: 'CENTER',
          verticalAlignment: 'MIDDLE',
        },
        changed: ['isContain'],
      },
      {
        slotId: 'MAIN_002',
        values: {
          isContain: true,
          removeBorders: false,
          removeBordersHard: false,
          removeBackground: false,
          horizontalAlignment: 'LEFT',
          verticalAlignment: 'TOP',
        },
        changed: [],
      },
    ]);
  });
  it('marks a placement the design changed, read in any case; the same value is no change', () => {
    const rows = designSlotRows(slots, {
      MAIN_001: { horizontalAlignment: 'center', verticalAlignment: 'bottom' },
      MAIN_002: { horizontalAlignment: 'Left', verticalAlignment: 'Middle' },
    });
    expect(
      rows.map(({ slotId, values, changed }) => ({ slotId, ...pickPlacement(values), changed })),
    ).toEqual([
      {
        slotId: 'MAIN_001',
        horizontalAlignment: 'CENTER',
        verticalAlignment: 'BOTTOM',
        changed: ['verticalAlignment'],
      },
      {
        slotId: 'MAIN_002',
        horizontalAlignment: 'LEFT',
        verticalAlignment: 'MIDDLE',
        changed: ['verticalAlignment'],
      },
    ]);
  });
  it('takes a placement the server does not know as unset', () => {
    const [row] = designSlotRows(slots, { MAIN_001: { horizontalAlignment: 'SIDEWAYS' } });
    expect(row?.values.horizontalAlignment).toBe('CENTER');
    expect(row?.changed).toEqual([]);
  });
  it('shows only the design’s values without the template', () =>
    expect(
      designSlotRows(undefined, { MAIN_009: { removeBorders: 'true', horizontalAlignment: 'right' } }),
    ).toEqual([
      {
        slotId: 'MAIN_009',
        values: {
          isContain: null,
          removeBorders: true,
          removeBordersHard: null,
          removeBackground: null,
          horizontalAlignment: 'RIGHT',
          verticalAlignment: null,
        },
        changed: ['removeBorders', 'horizontalAlignment'],
      },
    ]));
});

describe('editing a feed’s designs', () => {
  const slots = [{ id: 'MAIN_001', index: 0, features: [{ key: 'isContain', value: 'true' }] }];

  it('starts from the design as stored: its slot features over the template’s, its version and filter', () => {
    const draft = designDraftOf(
      { id: 'd1', templateVersionId: 'v1', itemFilterJson: '{"brand":{"eq":"Acme"}}' },
      { MAIN_001: { removeBackground: 'true', horizontalAlignment: 'left' } },
      't1',
      slots,
    );
    expect(draft).toMatchObject({ id: 'd1', templateId: 't1', templateVersionId: 'v1' });
    expect(draft.itemFilter).toBe('{"brand":{"eq":"Acme"}}');
    expect(draft.slots[0]).toMatchObject({
      slotId: 'MAIN_001',
      isContain: true,
      removeBackground: true,
      horizontalAlignment: 'LEFT',
      verticalAlignment: 'MIDDLE',
    });
  });

  it('sends a kept design by id on its version, a new one by template, and no filter for {}', () => {
    const kept = designDraftOf({ id: 'd1', templateVersionId: 'v1', itemFilterJson: null }, {}, 't1', slots);
    const added = { ...emptyDesign('k2'), templateId: 't2', itemFilter: '{}' };
    const templates = new Map([
      ['t1', { slots }],
      ['t2', { slots: [] }],
    ]);
    expect(designInputs([kept, added], templates)).toEqual([
      { id: 'd1', templateVersionId: 'v1', slotFeaturesJson: '{}', itemFilterJson: null },
      { templateId: 't2', slotFeaturesJson: '{}', itemFilterJson: null },
    ]);
  });

  it('refuses an item filter whose rules are not finished', () => {
    expect(itemFilterError(null)).toBe(INCOMPLETE_FILTER);
  });
});
