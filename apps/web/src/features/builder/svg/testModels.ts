/** Models the svg tests share: one with every layer kind and helpers to compare models. */
import {
  addLayers,
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
  type BuilderModel,
  type ModelLayer,
} from '../model/index.js';

/** A 1 × 1 red PNG as a data URL. */
export const RED_PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

type WithoutUid<T> = T extends { kind: 'group' }
  ? Omit<T, 'uid' | 'children'> & { children: WithoutUid<ModelLayer>[] }
  : Omit<T, 'uid'>;

function layerWithoutUid(layer: ModelLayer): WithoutUid<ModelLayer> {
  const { uid: _uid, ...rest } = layer;
  return rest.kind === 'group'
    ? { ...rest, children: rest.children.map(layerWithoutUid) }
    : (rest as WithoutUid<ModelLayer>);
}

/** The model without its editor-only uids: what the SVG round trip keeps. */
export function withoutUids(model: BuilderModel) {
  return { ...model, layers: model.layers.map(layerWithoutUid) };
}

/** A model with every layer kind, every shape field and a group, in a 600 × 400 canvas. */
export function everyKindModel(): BuilderModel {
  const model = createModel({ name: 'Every kind', width: 600, height: 400, backgroundColor: '#f4f1ec' });
  const layers: ModelLayer[] = [
    createDynamicImageLayer('IMAGE', {
      left: 20,
      top: 20,
      width: 200,
      height: 150,
      rx: 12,
      data: { isContain: true, dynamicLayerHorizontalAlignment: 'LEFT', name: 'Main photo' },
    }),
    createDynamicImageLayer('SLIDESHOW', { left: 240, top: 20, width: 100, height: 100, angle: 10 }),
    createDynamicImageLayer('LOGO_MAIN', { left: 360, top: 20, width: 80, height: 40 }),
    createImageLayer({
      left: 460,
      top: 20,
      width: 60,
      height: 40,
      href: RED_PIXEL,
      naturalWidth: 1,
      naturalHeight: 1,
      flipX: true,
      scaleX: 1.5,
    }),
    createRectLayer({
      left: 20,
      top: 200,
      width: 120,
      height: 60,
      fill: 'url(#fade)',
      stroke: '#112233',
      strokeWidth: 3,
      rx: 4,
      ry: 8,
      opacity: 0.5,
      clipPath: 'corner',
      data: { isSale: true, isDynamicColor: true, dynamicColorSource: 'brand_colour' },
    }),
    createEllipseLayer({
      left: 160,
      top: 200,
      width: 80,
      height: 50,
      fill: null,
      stroke: '#ff0000',
      angle: 45,
    }),
    createLineLayer({
      x1: 300,
      y1: 260,
      x2: 260,
      y2: 200,
      strokeWidth: 2,
      data: { stockLevelLessThan10: true },
    }),
    createPolygonLayer({
      points: [
        { x: 320, y: 200 },
        { x: 380, y: 260 },
        { x: 300, y: 250 },
      ],
      flipY: true,
    }),
    createPathLayer({
      d: 'M400 200 c20 -30 60 -30 80 0 s 40 40 0 60 a20 30 15 0 1 -60 -20 q -10 -20 -20 -40 z',
    }),
    createTextLayer({
      left: 20,
      top: 280,
      width: 300,
      text: '{title|uppercase}\nOnly {price} {currency} & more <today>',
      fontFamily: 'Poppins',
      fontWeight: 700,
      fontStyle: 'italic',
      fontSize: 28,
      textAlign: 'left',
      lineHeight: 1.3,
      fill: '#1d1d1f',
      data: { isSale: true, name: 'Title' },
    }),
    createRatingLayer({
      left: 340,
      top: 300,
      value: 4.5,
      filledColor: '#f5a524',
      emptyColor: '#e4e4e7',
      angle: 350,
    }),
    createGroupLayer(
      [
        createRectLayer({ left: 480, top: 300, width: 40, height: 40, fill: '#00ff00', locked: true }),
        createTextLayer({ left: 470, top: 350, width: 100, text: 'Badge', fontSize: 16, hidden: true }),
      ],
      { scaleX: 1.2, scaleY: 0.9 },
    ),
  ];
  return {
    ...addLayers(model, layers),
    definitions: [
      {
        id: 'fade',
        element: 'linearGradient',
        markup:
          '<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>',
      },
      {
        id: 'corner',
        element: 'clipPath',
        markup: '<clipPath id="corner"><path d="M0 0 L600 0 L0 400 Z"/></clipPath>',
      },
    ],
  };
}
