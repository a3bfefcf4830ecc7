import { defaultLayerData, type LayerData } from '@adloom/template';
import { describe, expect, it } from 'vitest';
import { BuilderEditor } from '../../engine/BuilderEditor';
import {
  allLayers,
  createDynamicImageLayer,
  createEllipseLayer,
  createGroupLayer,
  createImageLayer,
  createLineLayer,
  createPathLayer,
  createPolygonLayer,
  createRatingLayer,
  createRectLayer,
  createTextLayer,
  type ModelLayer,
} from '../../model/index.js';
import { modelToSvg, svgToModel } from '../../svg/index.js';
import { layerDataFields, roleBadges } from './layerRoles';

const THUMBNAIL = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDAoLCw==';

/** The layer data of every layer, in document order (a group before its members). */
function dataOf(layers: readonly ModelLayer[]): LayerData[] {
  return allLayers(layers).map((layer) => layer.data);
}

/** Applies each patch as the panel does: one editor change per field. */
function setEach(editor: BuilderEditor, uid: string, patch: Partial<LayerData>): void {
  for (const [field, value] of Object.entries(patch)) {
    const applied =
      field === 'name'
        ? editor.renameLayer(uid, value as string)
        : editor.setLayerData(uid, { [field]: value } as Partial<LayerData>);
    expect(applied, `${field} = ${String(value)}: ${editor.getState().error}`).toBe(true);
  }
}

describe('layer data set in the builder', () => {
  it('survives saving with modelToSvg and reading with svgToModel, every field of the spec', () => {
    const editor = new BuilderEditor();
    const slideshow = createRectLayer();
    const video = createRectLayer();
    const picture = createImageLayer();
    const logo = createRectLayer();
    const blur = createRectLayer();
    const copy = createRectLayer();
    const rating = createRatingLayer();
    const badge = createTextLayer();
    const swatch = createRectLayer();
    const named = createDynamicImageLayer('IMAGE', { data: { slotName: 'hero' } });
    const member = createEllipseLayer();
    const group = createGroupLayer([member]);
    editor.addLayers([slideshow, video, picture, logo, blur, copy, rating, badge, swatch, named, group]);

    const wanted = new Map<string, Partial<LayerData>>([
      [
        slideshow.uid,
        {
          name: 'Gallery',
          thumbnail: THUMBNAIL,
          dynamicLayerType: 'SLIDESHOW',
          dynamicLayerHorizontalAlignment: 'LEFT',
          dynamicLayerVerticalAlignment: 'BOTTOM',
          isContain: true,
          removeBackground: true,
          removeBorders: true,
          removeBordersHard: true,
          slideDuration: 1.5,
          transition: 0.45,
          maxSlides: 7,
        },
      ],
      [
        video.uid,
        {
          name: 'Clip',
          dynamicLayerType: 'VIDEO',
          dynamicLayerVerticalAlignment: 'TOP',
          slideDuration: 3,
          transition: 0,
          maxSlides: 1,
        },
      ],
      [
        picture.uid,
        {
          name: 'Product',
          dynamicLayerType: 'IMAGE',
          dynamicLayerHorizontalAlignment: 'RIGHT',
          isContain: true,
        },
      ],
      [logo.uid, { name: 'Brand logo', dynamicLayerType: 'LOGO_MAIN' }],
      [blur.uid, { name: 'Backdrop', dynamicLayerType: 'BLUR' }],
      [copy.uid, { name: 'Second look', dynamicLayerType: 'COPY' }],
      [rating.uid, { name: 'Stars', thumbnail: THUMBNAIL }],
      [
        badge.uid,
        {
          name: 'Sale badge',
          isSale: true,
          stockLevelLessThan10: true,
          stockLevelLessThan50: true,
          isDynamicColor: true,
          dynamicColorSource: 'brand_color',
        },
      ],
      [swatch.uid, { name: 'Swatch', isDynamicColor: true }],
      [
        named.uid,
        {
          name: 'Hero',
          dynamicLayerType: 'IMAGE',
          removeBackground: true,
          isContain: true,
          dynamicLayerVerticalAlignment: 'TOP',
        },
      ],
      [group.uid, { name: 'Low stock', stockLevelLessThan50: true }],
      [member.uid, { name: 'Dot', isDynamicColor: true, dynamicColorSource: 'accent' }],
    ]);
    for (const [uid, patch] of wanted) setEach(editor, uid, patch);

    // Every field holds what was set (nothing was silently dropped by the model)…
    const expected = allLayers(editor.model.layers).map((layer) => ({
      ...defaultLayerData(),
      slotNumber: layer.data.slotNumber,
      slotName: layer.data.slotName,
      widgetType: layer.kind === 'rating' ? 'RATING' : null,
      ...wanted.get(layer.uid),
    }));
    const set = dataOf(editor.model.layers);
    expect(set).toEqual(expected);
    const changed = new Set(
      set.flatMap((data) =>
        Object.keys(data).filter((key) => {
          const field = key as keyof LayerData;
          return !Object.is(data[field], defaultLayerData()[field]);
        }),
      ),
    );
    for (const field of Object.keys(defaultLayerData())) expect(changed, field).toContain(field);

    // …and the saved template gives it all back.
    const svg = modelToSvg(editor.model);
    expect(dataOf(svgToModel(svg).layers)).toEqual(set);
    const reopened = new BuilderEditor();
    expect(reopened.load(svg)).toBe(true);
    expect(dataOf(reopened.model.layers)).toEqual(set);
    expect(reopened.toSvg()).toBe(svg);
    expect(allLayers(reopened.model.layers).map((layer) => layer.id)).toContain(
      'MAIN_001_CONTAIN_LEFT_BOTTOM_REMBG_BORDERS_BORDERS_HARD_SLIDESHOW[d=1.5;t=0.45;n=7]',
    );
  });

  it('offers, for every kind and role, only fields that a saved template keeps', () => {
    const kinds: (() => ModelLayer)[] = [
      () => createRectLayer(),
      () => createEllipseLayer(),
      () => createLineLayer(),
      () => createPolygonLayer(),
      () => createPathLayer(),
      () => createImageLayer(),
      () => createTextLayer(),
      () => createRatingLayer(),
      () => createGroupLayer([createRectLayer()]),
    ];
    let checked = 0;
    for (const make of kinds) {
      const probe = make();
      for (const type of [null, ...layerDataFields(probe).dynamicLayerTypes]) {
        const editor = new BuilderEditor();
        const layer = make();
        editor.addLayers([layer]);
        if (type !== null) setEach(editor, layer.uid, { dynamicLayerType: type });
        const fields = layerDataFields({ kind: layer.kind, data: editor.selectedLayers()[0]!.data });
        const patch: Partial<LayerData> = {};
        if (fields.slot)
          Object.assign(patch, {
            dynamicLayerHorizontalAlignment: 'RIGHT',
            dynamicLayerVerticalAlignment: 'TOP',
            isContain: true,
            removeBackground: true,
            removeBorders: true,
            removeBordersHard: true,
          });
        if (fields.slideshow) Object.assign(patch, { slideDuration: 5, transition: 1, maxSlides: 9 });
        if (fields.conditions)
          Object.assign(patch, { isSale: true, stockLevelLessThan10: true, stockLevelLessThan50: true });
        if (fields.dynamicColor) Object.assign(patch, { isDynamicColor: true, dynamicColorSource: 'tone' });
        setEach(editor, layer.uid, patch);
        const saved = svgToModel(modelToSvg(editor.model)).layers[0]!.data;
        expect(saved, `${layer.kind} as ${type}`).toMatchObject({ ...patch, dynamicLayerType: type });
        checked += Object.keys(patch).length;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('refuses a role that does not fit the layer, with the reason as the editor error', () => {
    const editor = new BuilderEditor();
    const text = createTextLayer();
    editor.addLayers([text]);
    expect(editor.setLayerData(text.uid, { dynamicLayerType: 'IMAGE' })).toBe(false);
    expect(editor.getState().error).toMatch(/must be a rectangle or an image/);
    expect(editor.model.layers[0]!.data.dynamicLayerType).toBeNull();
    expect(layerDataFields(text).dynamicLayerTypes).toEqual([]);
  });
});

describe('roleBadges', () => {
  it('names the role of each layer for the layers panel', () => {
    expect(roleBadges(createDynamicImageLayer('IMAGE'))).toEqual(['Image slot']);
    expect(roleBadges(createDynamicImageLayer('LOGO_MAIN'))).toEqual(['Logo']);
    expect(roleBadges(createRatingLayer())).toEqual(['Rating']);
    expect(roleBadges(createTextLayer({ data: { isSale: true, isDynamicColor: true } }))).toEqual([
      'Sale',
      'Dynamic colour',
    ]);
    expect(roleBadges(createRectLayer())).toEqual([]);
  });
});
