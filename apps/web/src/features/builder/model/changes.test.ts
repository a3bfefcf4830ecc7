import { BUILDER_ERRORS, SAVE_REASONS, parseLayerId } from '@adloom/template';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATING,
  DEFAULT_TEXT,
  addLayers,
  allLayers,
  bringForward,
  bringToFront,
  createDynamicImageLayer,
  createGroupLayer,
  createModel,
  createPathLayer,
  createRatingLayer,
  createRectLayer,
  createTextLayer,
  duplicateLayers,
  findLayer,
  layerCorners,
  moveGroupMember,
  moveLayer,
  pasteLayers,
  removeLayers,
  renameLayer,
  sendBackward,
  sendToBack,
  setDocumentSettings,
  setLayerData,
  setLayersHidden,
  setLayersLocked,
  updateLayer,
  validateModelForSave,
  type BuilderModel,
  type ModelLayer,
} from './index.js';

function ids(model: BuilderModel): string[] {
  return allLayers(model.layers).map((layer) => layer.id);
}

function uids(model: BuilderModel): string[] {
  return model.layers.map((layer) => layer.uid);
}

let counter = 0;
const makeUid = () => `copy-${(counter += 1)}`;

describe('a new model and new layers', () => {
  it("start with the spec's defaults", () => {
    expect(createModel()).toEqual({
      name: 'New Template',
      width: 1080,
      height: 1080,
      backgroundColor: '#ffffff',
      constrainProportions: true,
      layers: [],
      definitions: [],
    });
    const text = createTextLayer();
    expect(text).toMatchObject({
      fontFamily: 'Open Sans',
      fontSize: 64,
      fontWeight: 400,
      textAlign: 'center',
      fontStyle: 'normal',
      lineHeight: DEFAULT_TEXT.lineHeight,
    });
    const rating = createRatingLayer();
    expect(rating).toMatchObject({
      id: 'RATING',
      value: 3.5,
      data: { widgetType: 'RATING', name: 'Star Rating' },
    });
    expect(createDynamicImageLayer('IMAGE').data).toMatchObject({ dynamicLayerType: 'IMAGE', slotNumber: 1 });
  });

  it('keep a text box at least 20 wide and its height from its lines', () => {
    const text = createTextLayer({ width: 5, text: 'one\ntwo', fontSize: 10, lineHeight: 1 });
    expect(text.width).toBe(20);
    expect(text.height).toBe(22.6);
  });

  it('keep only characters an SVG can hold in a text', () => {
    expect(createTextLayer({ text: 'a\u0001b\tc\n\uD800d\u{1F600}' }).text).toBe('ab\tc\nd\u{1F600}');
  });

  it("refuse a rating outside 1 to 5 with the spec's message", () => {
    expect(() => createRatingLayer({ value: 0.5 })).toThrow(BUILDER_ERRORS.ratingOutOfRange);
    const model = addLayers(createModel(), [createRatingLayer({ uid: 'r' })]);
    expect(() => updateLayer(model, 'r', { value: 6 })).toThrow('Rating must be between 1 and 5');
    expect((findLayer(updateLayer(model, 'r', { value: 1 }), 'r') as { value: number }).value).toBe(1);
    expect(DEFAULT_RATING.value).toBe(3.5);
  });

  it('move a path, line or polygon box to its content, keeping where it is drawn', () => {
    const path = createPathLayer({ d: 'M10 20 L30 20 L30 60 Z' });
    expect(path).toMatchObject({ d: 'M0 0 L20 0 L20 40 Z', left: 10, top: 20, width: 20, height: 40 });
    const curve = createPathLayer({ d: 'M0 0 C0 -10 10 -10 10 0' });
    expect(curve).toMatchObject({ top: -7.5, width: 10, height: 7.5 });
  });

  it('place a group at its members: members keep where they are drawn', () => {
    const members = [
      createRectLayer({ left: 100, top: 50, width: 10, height: 10 }),
      createRectLayer({ left: 150, top: 80, width: 20, height: 20, angle: 90 }),
    ];
    const group = createGroupLayer(members);
    // The second rect turns about its corner (150, 80), into x 130..150.
    expect(group).toMatchObject({ left: 100, top: 50, width: 50, height: 50 });
    const drawn = (layer: ModelLayer) =>
      layerCorners(layer).map(({ x, y }) => [Math.round(x), Math.round(y)]);
    expect(
      group.kind === 'group' &&
        group.children.map((child) => drawn({ ...child, left: child.left + 100, top: child.top + 50 })),
    ).toEqual(members.map(drawn));
  });
});

describe('adding, removing and changing layers', () => {
  it('adds layers with unique ids and refuses a uid twice', () => {
    const model = addLayers(createModel(), [
      createDynamicImageLayer('IMAGE', { uid: 'a' }),
      createDynamicImageLayer('IMAGE', { uid: 'b' }),
      createDynamicImageLayer('LOGO_MAIN', { uid: 'c' }),
      createDynamicImageLayer('LOGO_MAIN', { uid: 'd' }),
      createTextLayer({ uid: 'e' }),
      createTextLayer({ uid: 'f' }),
    ]);
    expect(ids(model)).toEqual(['MAIN_001', 'MAIN_002', 'LOGO_MAIN', 'LOGO_MAIN_2', 'text', 'text_2']);
    expect(() => addLayers(model, [createTextLayer({ uid: 'e' })])).toThrow(
      'uid e is already in the document',
    );
  });

  it('inserts at an index and into a group', () => {
    let model = addLayers(createModel(), [createRectLayer({ uid: 'a' }), createRectLayer({ uid: 'b' })]);
    model = addLayers(model, [createRectLayer({ uid: 'c' })], { index: 1 });
    expect(uids(model)).toEqual(['a', 'c', 'b']);
    model = addLayers(model, [createGroupLayer([createRectLayer({ uid: 'm1' })], { uid: 'g' })]);
    model = addLayers(model, [createRectLayer({ uid: 'm2', left: 200 })], { parentUid: 'g', index: 0 });
    const group = findLayer(model, 'g');
    expect(group?.kind === 'group' && group.children.map((child) => child.uid)).toEqual(['m2', 'm1']);
    expect(group?.width).toBe(300);
    expect(new Set(ids(model)).size).toBe(ids(model).length);
  });

  it('removes layers, group members with their group, and definitions no one uses', () => {
    let model = addLayers(createModel(), [
      createRectLayer({ uid: 'a', fill: 'url(#g)' }),
      createGroupLayer([createRectLayer({ uid: 'm' })], { uid: 'group' }),
    ]);
    model = {
      ...model,
      definitions: [{ id: 'g', element: 'linearGradient', markup: '<linearGradient id="g"/>' }],
    };
    expect(removeLayers(model, ['group']).layers.map((layer) => layer.uid)).toEqual(['a']);
    expect(removeLayers(model, ['a']).definitions).toEqual([]);
    expect(removeLayers(model, ['nope'])).toBe(model);
  });

  it('updates geometry and style, rounding to the model precision, and refuses fields a kind lacks', () => {
    const model = addLayers(createModel(), [createRectLayer({ uid: 'r' }), createTextLayer({ uid: 't' })]);
    const moved = updateLayer(model, 'r', {
      left: 10.123456,
      angle: -90,
      scaleX: 1.234567,
      fill: 'none',
      rx: 4,
    });
    expect(findLayer(moved, 'r')).toMatchObject({
      left: 10.12,
      angle: 270,
      scaleX: 1.2346,
      fill: null,
      rx: 4,
    });
    expect(() => updateLayer(model, 't', { rx: 4 })).toThrow('A text layer has no rx');
    expect(() => updateLayer(model, 'r', { scaleX: -1 })).toThrow(/flipX/);
    // A text's height follows its lines; setting it does nothing.
    expect(findLayer(updateLayer(model, 't', { height: 500 }), 't')?.height).toBe(createTextLayer().height);
  });

  it('renames, locks and hides without touching ids', () => {
    let model = addLayers(createModel(), [createDynamicImageLayer('LOGO_MAIN', { uid: 'l' })]);
    model = renameLayer(model, 'l', 'Brand');
    model = setLayersLocked(model, ['l'], true);
    model = setLayersHidden(model, ['l'], true);
    expect(findLayer(model, 'l')).toMatchObject({
      id: 'LOGO_MAIN',
      locked: true,
      hidden: true,
      data: { name: 'Brand' },
    });
  });

  it('derives the id again when the layer data changes the role, and keeps it unique', () => {
    let model = addLayers(createModel(), [
      createDynamicImageLayer('IMAGE', { uid: 'a' }),
      createRectLayer({ uid: 'b' }),
      createTextLayer({ uid: 't' }),
    ]);
    model = setLayerData(model, 'b', { dynamicLayerType: 'IMAGE' });
    expect(findLayer(model, 'b')?.id).toBe('MAIN_002');
    model = setLayerData(model, 'a', { isContain: true, dynamicLayerVerticalAlignment: 'TOP' });
    expect(findLayer(model, 'a')?.id).toBe('MAIN_001_CONTAIN_TOP');
    model = setLayerData(model, 'a', { dynamicLayerType: 'SLIDESHOW', maxSlides: 6 });
    expect(findLayer(model, 'a')?.id).toBe('MAIN_001_CONTAIN_TOP_SLIDESHOW[d=2;t=0.3;n=6]');
    model = setLayerData(model, 't', {
      isSale: true,
      isDynamicColor: true,
      dynamicColorSource: 'brand_colour',
    });
    expect(findLayer(model, 't')?.id).toBe('SALE_COLOR_PRIMARY:brand_colour');
    // Fields the id cannot carry for the role go back to their defaults, as reading the SVG would give.
    model = setLayerData(model, 'b', { isSale: true });
    expect(findLayer(model, 'b')?.data.isSale).toBe(false);
    model = setLayerData(model, 't', { isSale: false, isDynamicColor: false });
    expect(findLayer(model, 't')?.id).toBe('text');
  });

  it('refuses a role that does not fit the layer, and ids the grammar cannot carry', () => {
    const model = addLayers(createModel(), [createTextLayer({ uid: 't' }), createRectLayer({ uid: 'r' })]);
    expect(() => setLayerData(model, 't', { dynamicLayerType: 'IMAGE' })).toThrow(/rectangle or an image/);
    expect(() => setLayerData(model, 'r', { widgetType: 'RATING' })).toThrow(/Star Rating/);
    expect(() => setLayerData(model, 'r', { dynamicLayerType: 'SLIDESHOW', slideDuration: 0 })).toThrow(
      RangeError,
    );
  });
});

describe('order', () => {
  const model = addLayers(
    createModel(),
    ['a', 'b', 'c', 'd'].map((uid) => createRectLayer({ uid })),
  );

  it('moves a layer to an index, one step, or to either end', () => {
    expect(uids(moveLayer(model, 'a', 2))).toEqual(['b', 'c', 'a', 'd']);
    expect(uids(moveLayer(model, 'a', 99))).toEqual(['b', 'c', 'd', 'a']);
    expect(uids(bringForward(model, 'b'))).toEqual(['a', 'c', 'b', 'd']);
    expect(uids(sendBackward(model, 'b'))).toEqual(['b', 'a', 'c', 'd']);
    expect(uids(bringToFront(model, 'a'))).toEqual(['b', 'c', 'd', 'a']);
    expect(uids(sendToBack(model, 'd'))).toEqual(['d', 'a', 'b', 'c']);
    expect(sendBackward(model, 'a')).toBe(model);
    expect(bringForward(model, 'd')).toBe(model);
  });
});

describe('moving a group member', () => {
  // The group's members bottom first: m1 m2 m3 m4 (the panel lists them m4 m3 m2 m1, front-most first).
  const members = ['m1', 'm2', 'm3', 'm4'].map((uid, at) => createRectLayer({ uid, left: at * 20 }));
  const model = addLayers(createModel(), [
    createRectLayer({ uid: 'below' }),
    createGroupLayer(members, { uid: 'g' }),
    createRectLayer({ uid: 'above' }),
  ]);
  const memberUids = (changed: BuilderModel, groupUid = 'g') => {
    const group = findLayer(changed, groupUid);
    return group?.kind === 'group' ? group.children.map((layer) => layer.uid) : [];
  };

  it('moves a member up or down one place among its siblings', () => {
    expect(memberUids(moveGroupMember(model, 'g', 'm2', 2))).toEqual(['m1', 'm3', 'm2', 'm4']);
    expect(memberUids(moveGroupMember(model, 'g', 'm3', 1))).toEqual(['m1', 'm3', 'm2', 'm4']);
    expect(memberUids(moveGroupMember(model, 'g', 'm2', 0))).toEqual(['m2', 'm1', 'm3', 'm4']);
  });

  it('moves a member to either end, clamped, and leaves the rest of the document in place', () => {
    const front = moveGroupMember(model, 'g', 'm1', 3);
    expect(memberUids(front)).toEqual(['m2', 'm3', 'm4', 'm1']);
    expect(memberUids(moveGroupMember(model, 'g', 'm1', 99))).toEqual(['m2', 'm3', 'm4', 'm1']);
    expect(memberUids(moveGroupMember(model, 'g', 'm4', -5))).toEqual(['m4', 'm1', 'm2', 'm3']);
    expect(uids(front)).toEqual(['below', 'g', 'above']);
    expect(front.layers[0]).toBe(model.layers[0]);
    expect(front.layers[2]).toBe(model.layers[2]);
    // The members keep their places, so the group's box does not move.
    const [before, after] = [findLayer(model, 'g')!, findLayer(front, 'g')!];
    expect([after.left, after.top, after.width, after.height]).toEqual([
      before.left,
      before.top,
      before.width,
      before.height,
    ]);
    expect(findLayer(front, 'm1')).toEqual(findLayer(model, 'm1'));
  });

  it('returns the same model for a move in place, an unknown uid, or a layer that is not in the group', () => {
    expect(moveGroupMember(model, 'g', 'm3', 2)).toBe(model);
    expect(moveGroupMember(model, 'g', 'm4', 10)).toBe(model);
    expect(moveGroupMember(model, 'g', 'gone', 0)).toBe(model);
    expect(moveGroupMember(model, 'gone', 'm1', 2)).toBe(model);
    // A top-level layer is not a member: it does not move among the top level either.
    expect(moveGroupMember(model, 'g', 'below', 2)).toBe(model);
    expect(moveGroupMember(model, 'g', 'g', 0)).toBe(model);
  });

  it('moves a member of a nested group within that group only', () => {
    const inner = createGroupLayer(
      ['x', 'y', 'z'].map((uid, at) => createRectLayer({ uid, top: at * 20 })),
      { uid: 'inner' },
    );
    const nested = addLayers(createModel(), [
      createGroupLayer([createRectLayer({ uid: 'a' }), inner, createRectLayer({ uid: 'b' })], {
        uid: 'outer',
      }),
    ]);
    const moved = moveGroupMember(nested, 'inner', 'x', 2);
    expect(memberUids(moved, 'inner')).toEqual(['y', 'z', 'x']);
    expect(memberUids(moved, 'outer')).toEqual(['a', 'inner', 'b']);
    // The inner group is a member of the outer one, and moves among its siblings there.
    expect(memberUids(moveGroupMember(nested, 'outer', 'inner', 0), 'outer')).toEqual(['inner', 'a', 'b']);
    // x belongs to inner, not to outer: it is not taken out of its own group.
    expect(moveGroupMember(nested, 'outer', 'x', 0)).toBe(nested);
    expect(moveGroupMember(nested, 'inner', 'a', 0)).toBe(nested);
  });
});

describe('paste', () => {
  it('gives copies new uids and new unique ids: _n suffixes, the next free slot number', () => {
    let model = addLayers(createModel(), [
      createDynamicImageLayer('IMAGE', { uid: 'slot', data: { isContain: true } }),
      createDynamicImageLayer('IMAGE', { uid: 'slot2' }),
      createDynamicImageLayer('LOGO_MAIN', { uid: 'logo' }),
      createRatingLayer({ uid: 'rating' }),
      createRectLayer({ uid: 'sale', data: { isSale: true } }),
      createRectLayer({ uid: 'colour', data: { isDynamicColor: true, dynamicColorSource: 'brand' } }),
      createDynamicImageLayer('IMAGE', { uid: 'named', data: { slotName: 'hero' } }),
      createTextLayer({ uid: 'title' }),
      createDynamicImageLayer('BLUR', { uid: 'blur' }),
    ]);
    const originals = model.layers.map((layer) => layer.uid);
    const first = duplicateLayers(model, originals, { makeUid });
    model = first.model;
    const second = duplicateLayers(model, first.uids, { makeUid });
    model = second.model;
    const copies = (pasted: string[]) => pasted.map((uid) => findLayer(model, uid)!.id);
    expect(copies(first.uids)).toEqual([
      'MAIN_003_CONTAIN',
      'MAIN_004',
      'LOGO_MAIN_2',
      'RATING_2',
      'SALE_2',
      'COLOR_PRIMARY_2:brand',
      'MAIN_SLOT:hero_2;REMBG:false;SCALE:fill',
      'text_2',
      'MAIN_BLUR_2',
    ]);
    expect(copies(second.uids)).toEqual([
      'MAIN_005_CONTAIN',
      'MAIN_006',
      'LOGO_MAIN_3',
      'RATING_3',
      'SALE_3',
      'COLOR_PRIMARY_3:brand',
      'MAIN_SLOT:hero_3;REMBG:false;SCALE:fill',
      'text_3',
      'MAIN_BLUR_3',
    ]);
    const all = ids(model);
    expect(new Set(all).size).toBe(all.length);
    const slotNumbers = all.map(parseLayerId).flatMap((info) => (info.kind === 'slot' ? [info.number] : []));
    expect(new Set(slotNumbers).size).toBe(slotNumbers.length);
    expect(new Set(allLayers(model.layers).map((layer) => layer.uid)).size).toBe(all.length);
    // The copies' layer data follow their new ids.
    expect(findLayer(model, first.uids[0]!)?.data).toMatchObject({ slotNumber: 3, isContain: true });
  });

  it('moves copies by the offset and pastes a group with new uids for its members', () => {
    const model = addLayers(createModel(), [
      createGroupLayer([createTextLayer({ uid: 'member', left: 5 })], { uid: 'group', left: 0, top: 0 }),
    ]);
    const pasted = pasteLayers(model, [findLayer(model, 'group')!], { offset: 20, makeUid });
    const copy = findLayer(pasted.model, pasted.uids[0]!);
    expect(copy).toMatchObject({ left: 25, top: 20, id: 'group_2' });
    expect(
      copy?.kind === 'group' && copy.children.map((child) => [child.uid === 'member', child.id]),
    ).toEqual([[false, 'text_2']]);
  });

  it('pastes a clipboard whose layers left the document', () => {
    const model = addLayers(createModel(), [createDynamicImageLayer('LOGO_MAIN', { uid: 'logo' })]);
    const clipboard = [findLayer(model, 'logo')!];
    const emptied = removeLayers(model, ['logo']);
    const pasted = pasteLayers(emptied, clipboard, { makeUid });
    expect(ids(pasted.model)).toEqual(['LOGO_MAIN']);
  });
});

describe('document settings', () => {
  it('keeps proportions when only one side changes and they are constrained', () => {
    const model = createModel({ width: 1000, height: 1500 });
    expect(setDocumentSettings(model, { width: 500 })).toMatchObject({ width: 500, height: 750 });
    expect(setDocumentSettings(model, { height: 3000 })).toMatchObject({ width: 2000, height: 3000 });
    expect(setDocumentSettings(model, { width: 500, height: 500 })).toMatchObject({
      width: 500,
      height: 500,
    });
    const free = setDocumentSettings(model, { constrainProportions: false, width: 700.4 });
    expect(free).toMatchObject({ width: 700, height: 1500, constrainProportions: false });
  });

  it('sets the name and background colour, and refuses sizes that are no sizes', () => {
    expect(setDocumentSettings(createModel(), { name: 'Spring', backgroundColor: '#000' })).toMatchObject({
      name: 'Spring',
      backgroundColor: '#000',
    });
    expect(() => setDocumentSettings(createModel(), { width: Number.NaN })).toThrow(RangeError);
    expect(() => setDocumentSettings(createModel(), { height: 0 })).toThrow(RangeError);
  });
});

describe('the save rules of spec section 5', () => {
  const withSlot = addLayers(createModel(), [createDynamicImageLayer('IMAGE')]);

  it('need a dynamic image, slideshow or video layer (a logo or blur does not count; a group member does)', () => {
    expect(validateModelForSave(createModel())).toEqual({
      ok: false,
      rule: 'dynamicLayer',
      reason: SAVE_REASONS.dynamicLayer,
    });
    const logoOnly = addLayers(createModel(), [
      createDynamicImageLayer('LOGO_MAIN'),
      createDynamicImageLayer('BLUR'),
    ]);
    expect(validateModelForSave(logoOnly)).toMatchObject({ ok: false, rule: 'dynamicLayer' });
    const video = addLayers(createModel(), [createDynamicImageLayer('VIDEO')]);
    expect(validateModelForSave(video)).toEqual({ ok: true });
    const inGroup = addLayers(createModel(), [createGroupLayer([createDynamicImageLayer('IMAGE')])]);
    expect(validateModelForSave(inGroup)).toEqual({ ok: true });
  });

  it('need no editor error, sizes from 50 to 3000 and a name of at most 100 characters', () => {
    expect(validateModelForSave(withSlot)).toEqual({ ok: true });
    expect(validateModelForSave(withSlot, 'Failed to load image')).toEqual({
      ok: false,
      rule: 'editorError',
      reason: 'Failed to load image',
    });
    expect(validateModelForSave(setDocumentSettings(withSlot, { width: 49 }))).toMatchObject({
      rule: 'size',
    });
    expect(validateModelForSave(setDocumentSettings(withSlot, { width: 3001, height: 50 }))).toMatchObject({
      rule: 'size',
    });
    expect(validateModelForSave(setDocumentSettings(withSlot, { width: 3000, height: 50 }))).toEqual({
      ok: true,
    });
    expect(validateModelForSave(setDocumentSettings(withSlot, { name: 'x'.repeat(100) }))).toEqual({
      ok: true,
    });
    expect(validateModelForSave(setDocumentSettings(withSlot, { name: 'x'.repeat(101) }))).toMatchObject({
      rule: 'nameLength',
    });
  });
});
