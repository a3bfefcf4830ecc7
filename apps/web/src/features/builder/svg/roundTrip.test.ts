import { readTemplate } from '@adloom/renderer';
import {
  BUILDER_ERRORS,
  DYNAMIC_LAYER_TYPES,
  createBuilderDocument,
  idToLayerData,
  readBuilderDocument,
  writeBuilderMetadata,
  type LayerData,
} from '@adloom/template';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addLayers,
  allLayers,
  createDynamicImageLayer,
  createEllipseLayer,
  createGroupLayer,
  createImageLayer,
  createLineLayer,
  createModel,
  createPathLayer,
  createPolygonLayer,
  createRatingLayer,
  createRectLayer,
  createTextLayer,
  type LayerGeometry,
  idPartOf,
  setLayerData,
  type LayerKind,
  type ModelLayer,
} from '../model/index.js';
import { modelToSvg } from './modelToSvg.js';
import { svgToModel } from './svgToModel.js';
import { everyKindModel, withoutUids } from './testModels.js';

describe('modelToSvg and svgToModel', () => {
  const model = everyKindModel();
  const svg = modelToSvg(model);

  it('read back every layer kind and field of a model built from scratch', () => {
    expect(new Set(allLayers(model.layers).map((layer) => layer.kind))).toEqual(
      new Set<LayerKind>(['rect', 'ellipse', 'line', 'polygon', 'path', 'image', 'text', 'rating', 'group']),
    );
    expect(withoutUids(svgToModel(svg))).toEqual(withoutUids(model));
  });

  it('write the same text for the same model, and for the model read back', () => {
    expect(modelToSvg(model)).toBe(svg);
    expect(modelToSvg(svgToModel(svg))).toBe(svg);
  });

  it('write the builder document in <metadata>: settings, ids, layer data and texts', () => {
    const document = readBuilderDocument(svg);
    expect(document).toMatchObject({
      name: 'Every kind',
      width: 600,
      height: 400,
      backgroundColor: '#f4f1ec',
    });
    expect(document.layers.map((layer) => layer.id)).toEqual(
      allLayers(model.layers).map((layer) => layer.id),
    );
    const title = document.layers.find((layer) => layer.name === 'Title');
    expect(title?.text).toBe('{title|uppercase}\nOnly {price} {currency} & more <today>');
  });

  it('write ids from the layer data: slots MAIN_nnn, the logo, the rating, flags and colours', () => {
    expect(allLayers(model.layers).map((layer) => layer.id)).toEqual([
      'MAIN_001_CONTAIN_LEFT',
      'MAIN_002_SLIDESHOW[d=2;t=0.3;n=4]',
      'LOGO_MAIN',
      'image',
      'SALE_COLOR_PRIMARY:brand_colour',
      'ellipse',
      'STOCK_LEVEL_LESS_THAN_10',
      'polygon',
      'path',
      'SALE',
      'RATING',
      'group',
      'rect',
      'text',
    ]);
  });

  it('save clean: one canvas background rect, no <desc>, no font definitions, no slot placeholders', () => {
    const root = readTemplate(svg);
    expect(root.removed).toEqual([]);
    const fullSize = svg.match(/<rect width="600" height="400"[^>]*>/g);
    expect(fullSize).toEqual(['<rect width="600" height="400" fill="#f4f1ec"/>']);
    expect(svg).not.toMatch(/<desc|<style|@font-face|<font/);
    // Each slot is one element with its id, nothing beside it.
    expect(svg.match(/MAIN_001/g)).toHaveLength(2); // the element and the document
  });

  it('write text boxes in the attributes the renderer reads', () => {
    const text = /<text id="SALE"[^>]*>/.exec(svg)?.[0];
    expect(text).toContain('title="{title|uppercase}&#10;Only {price} {currency} &amp; more &lt;today&gt;"');
    for (const part of [
      'data-x="20"',
      'data-y="280"',
      'data-width="300"',
      'data-align="left"',
      'data-line-height="1.3"',
      'font-family="Poppins"',
      'font-weight="700"',
      'font-style="italic"',
      'font-size="28"',
      'fill="#1d1d1f"',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('write a well-formed SVG when a text, a font or a name holds characters XML cannot hold', () => {
    const layer = createTextLayer({
      data: { name: 'Pasted\ufffe\u000b' },
      text: 'Trail\u000bshoe\ufffe \ud800{title}',
      fontFamily: 'Brand\u000bSans',
    });
    const dirty = modelToSvg(addLayers(createModel({ name: 'Ad\uffff' }), [layer]));
    expect(() => readTemplate(dirty)).not.toThrow();
    expect(dirty).toContain('title="Trailshoe {title}"');
    expect(dirty).toContain('font-family="BrandSans"');
    // The template reopens as it is drawn; the document in <metadata> keeps the names as typed.
    expect(svgToModel(dirty)).toMatchObject({
      name: 'Ad\uffff',
      layers: [{ text: 'Trailshoe {title}', data: { name: 'Pasted\ufffe\u000b' } }],
    });
    expect(readBuilderDocument(dirty)?.name).toBe('Ad\uffff');
  });

  it('write the rating as the renderer reads it: a box, fill for the stars, data-empty-fill', () => {
    expect(svg).toMatch(
      /<rect id="RATING" width="223" height="40" fill="#f5a524" data-empty-fill="#e4e4e7" data-value="4.5" transform="translate\(340 300\) rotate\(350\)"\/>/,
    );
  });

  it('keep only the definitions layers use', () => {
    const unused = {
      ...model,
      definitions: [
        ...model.definitions,
        { id: 'spare', element: 'clipPath' as const, markup: '<clipPath id="spare"/>' },
      ],
    };
    expect(modelToSvg(unused)).toBe(svg);
  });
});

describe('svgToModel refuses', () => {
  it("text that is not SVG with the spec's 'Invalid SVG string'", () => {
    expect(() => svgToModel('not xml')).toThrow(BUILDER_ERRORS.invalidSvg);
    expect(() => svgToModel('<svg><rect></svg>')).toThrow(BUILDER_ERRORS.invalidSvg);
    expect(() => svgToModel('<html/>')).toThrow(BUILDER_ERRORS.invalidSvg);
  });

  it("an SVG without the builder document with the spec's message", () => {
    expect(() =>
      svgToModel(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5"/></svg>',
      ),
    ).toThrow('Cannot edit template that was not created with the template builder.');
  });

  it('elements the builder cannot edit, saying which', () => {
    const svg = writeBuilderMetadata(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><use href="#a"/></svg>',
      createBuilderDocument(),
    );
    expect(() => svgToModel(svg)).toThrow(
      'The template has a <use> element, which the template builder cannot edit',
    );
  });
});

describe('svgToModel reads ids that clash or do not say what the document says', () => {
  it('keeps the first of two equal ids and gives the second a new one', () => {
    const svg = writeBuilderMetadata(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
        '<rect id="LOGO_MAIN" width="10" height="10"/><rect id="LOGO_MAIN" x="20" width="10" height="10"/>' +
        '<rect id="MAIN_001" width="10" height="10"/><rect id="MAIN_001" width="10" height="10"/></svg>',
      createBuilderDocument({ width: 100, height: 100 }),
    );
    expect(svgToModel(svg).layers.map((layer) => layer.id)).toEqual([
      'LOGO_MAIN',
      'LOGO_MAIN_2',
      'MAIN_001',
      'MAIN_002',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Layer data, generated

const decimal = (positive: boolean) =>
  fc
    .tuple(fc.integer({ min: positive ? 1 : 0, max: 100_000 }), fc.integer({ min: 0, max: 2 }))
    .map(([units, places]) => units / 10 ** places);
const text = fc.string({ minLength: 1, maxLength: 10 }).filter((value) => !/[\p{Cc};]/u.test(value));
const layerData: fc.Arbitrary<LayerData> = fc.record({
  name: fc.string({ maxLength: 20 }),
  dynamicLayerType: fc.constantFrom(null, ...DYNAMIC_LAYER_TYPES),
  dynamicLayerVerticalAlignment: fc.constantFrom('TOP', 'MIDDLE', 'BOTTOM'),
  dynamicLayerHorizontalAlignment: fc.constantFrom('LEFT', 'CENTER', 'RIGHT'),
  widgetType: fc.constantFrom(null, 'RATING'),
  isContain: fc.boolean(),
  isSale: fc.boolean(),
  removeBackground: fc.boolean(),
  removeBorders: fc.boolean(),
  removeBordersHard: fc.boolean(),
  thumbnail: fc.option(fc.constant('data:image/jpeg;base64,AAAA'), { nil: null }),
  isDynamicColor: fc.boolean(),
  dynamicColorSource: fc.option(text, { nil: null }),
  stockLevelLessThan10: fc.boolean(),
  stockLevelLessThan50: fc.boolean(),
  slideDuration: decimal(true),
  transition: decimal(false),
  maxSlides: fc.integer({ min: 1, max: 50 }),
  slotNumber: fc.option(fc.integer({ min: 0, max: 999 }), { nil: null }),
  slotName: fc.option(text, { nil: null }),
});

/** A layer of a kind that can hold the data's role. */
function layerFor(data: LayerData): ModelLayer {
  if (data.dynamicLayerType !== null) return createDynamicImageLayer(data.dynamicLayerType);
  if (data.widgetType === 'RATING') return createRatingLayer();
  return data.isSale ? createTextLayer() : createRectLayer();
}

describe('layer data', () => {
  it('survives saving and opening, and the id carries what the role needs', () => {
    fc.assert(
      fc.property(fc.array(layerData, { minLength: 1, maxLength: 6 }), (all) => {
        let model = createModel();
        for (const generated of all) {
          // The rating widget is its own kind; a dynamic image layer cannot be one too.
          const data = generated.dynamicLayerType === null ? generated : { ...generated, widgetType: null };
          const layer = layerFor(data);
          model = setLayerData(addLayers(model, [layer]), layer.uid, data);
        }
        const read = svgToModel(modelToSvg(model));
        expect(withoutUids(read)).toEqual(withoutUids(model));
        for (const [index, layer] of model.layers.entries()) {
          const generated = all[index]!;
          const data = generated.dynamicLayerType === null ? generated : { ...generated, widgetType: null };
          // What the renderer and the server act on is in the id, and it is what the layer data says.
          expect(idPartOf(layer.data)).toEqual(idToLayerData(layer.id));
          expect(layer.data.name).toBe(data.name);
          expect(layer.data.thumbnail).toBe(data.thumbnail);
          expect(layer.data.dynamicLayerType).toBe(data.dynamicLayerType);
          if (
            data.dynamicLayerType === 'IMAGE' ||
            data.dynamicLayerType === 'SLIDESHOW' ||
            data.dynamicLayerType === 'VIDEO'
          ) {
            expect(layer.data).toMatchObject({
              isContain: data.isContain,
              dynamicLayerHorizontalAlignment: data.dynamicLayerHorizontalAlignment,
              dynamicLayerVerticalAlignment: data.dynamicLayerVerticalAlignment,
              removeBackground: data.removeBackground,
              removeBorders: data.removeBorders,
              removeBordersHard: data.removeBordersHard,
              slotName:
                data.slotName === null
                  ? null
                  : expect.stringContaining(data.slotName.replace(/_[1-9]\d{0,5}$/, '')),
            });
            if (data.dynamicLayerType !== 'IMAGE') {
              expect(layer.data).toMatchObject({
                slideDuration: data.slideDuration,
                transition: data.transition,
                maxSlides: data.maxSlides,
              });
            }
          } else if (data.dynamicLayerType === null && data.widgetType === null) {
            expect(layer.data).toMatchObject({
              isSale: data.isSale,
              stockLevelLessThan10: data.stockLevelLessThan10,
              stockLevelLessThan50: data.stockLevelLessThan50,
              isDynamicColor: data.isDynamicColor,
              dynamicColorSource: data.isDynamicColor ? data.dynamicColorSource : null,
            });
          }
        }
        expect(new Set(allLayers(model.layers).map((layer) => layer.id)).size).toBe(model.layers.length);
      }),
      { numRuns: 150 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Geometry, generated

const geometry: fc.Arbitrary<Partial<LayerGeometry>> = fc.record({
  left: fc.integer({ min: -200_000, max: 200_000 }).map((value) => value / 100),
  top: fc.integer({ min: -200_000, max: 200_000 }).map((value) => value / 100),
  width: fc.integer({ min: 0, max: 300_000 }).map((value) => value / 100),
  height: fc.integer({ min: 0, max: 300_000 }).map((value) => value / 100),
  angle: fc.integer({ min: -72_000, max: 72_000 }).map((value) => value / 100),
  scaleX: fc.integer({ min: 1, max: 50_000 }).map((value) => value / 10_000),
  scaleY: fc.integer({ min: 1, max: 50_000 }).map((value) => value / 10_000),
  flipX: fc.boolean(),
  flipY: fc.boolean(),
  opacity: fc.integer({ min: 0, max: 100 }).map((value) => value / 100),
});

const makers: ((placed: Partial<LayerGeometry>) => ModelLayer)[] = [
  (placed) => createRectLayer({ ...placed, rx: 3 }),
  (placed) => createEllipseLayer(placed),
  (placed) => createImageLayer({ ...placed, href: 'data:image/png;base64,AAAA' }),
  (placed) => createTextLayer({ ...placed, text: 'Two\nlines' }),
  (placed) => createRatingLayer(placed),
  (placed) => createLineLayer({ ...placed, x1: 3.33, y1: 7, x2: -20.5, y2: 1 }),
  (placed) =>
    createPolygonLayer({
      ...placed,
      points: [
        { x: 1, y: 2 },
        { x: 30.25, y: -4 },
        { x: 12, y: 40 },
      ],
    }),
  (placed) => createPathLayer({ ...placed, d: 'M5 5 C 20 -30 60 70 80 0 A 20 10 30 1 0 10 30 Z' }),
  (placed) =>
    createGroupLayer(
      [createRectLayer({ left: 10, top: 10, angle: 33 }), createEllipseLayer({ left: 90, top: -4 })],
      placed,
    ),
];

describe('geometry', () => {
  it('of every kind survives saving and opening, turned, scaled, mirrored or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(makers.length - 1), geometry), { minLength: 1, maxLength: 5 }),
        (specs) => {
          const model = addLayers(
            createModel(),
            specs.map(([kind, placed]) => makers[kind]!(placed)),
          );
          const svg = modelToSvg(model);
          expect(withoutUids(svgToModel(svg))).toEqual(withoutUids(model));
          expect(modelToSvg(svgToModel(svg))).toBe(svg);
        },
      ),
      { numRuns: 300 },
    );
  });
});
