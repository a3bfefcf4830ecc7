/**
 * New layers with the spec's defaults (sections 3 and 9; each kind's own in layers/<kind>): each factory
 * returns a layer in the model's form, its id derived from its layer data as if it were alone; adding it
 * to a model makes the id unique.
 */
import { defaultLayerData, type DynamicLayerType, type LayerData } from '@adloom/template';
import { kindNamed } from '../layers/index.js';
import { canonicalLayerData, deriveLayerId } from './layerIds.js';
import { normalizeLayer } from './normalizeLayer.js';
import type {
  EllipseLayer,
  GroupLayer,
  ImageLayer,
  LayerCommon,
  LayerKind,
  LayerOfKind,
  LineLayer,
  ModelLayer,
  PathLayer,
  PolygonLayer,
  RatingLayer,
  RectLayer,
  TextLayer,
} from './types.js';

/** The placeholder fill of an image slot's box; the renderer replaces it with the image. */
export const SLOT_PLACEHOLDER_FILL = '#d9d6d0';

const DYNAMIC_NAMES: Readonly<Record<DynamicLayerType, string>> = {
  IMAGE: 'Product image',
  SLIDESHOW: 'Slideshow',
  VIDEO: 'Video',
  LOGO_MAIN: 'Logo',
  BLUR: 'Blurred background',
  COPY: 'Copy of first image',
};

let uidCounter = 0;

/** A new editor-only uid. */
export function createUid(): string {
  uidCounter += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `layer-${uidCounter}-${random}`;
}

/** What a factory may be given: any field of the layer except its kind and id, and part of its layer data. */
export type LayerInit<L extends ModelLayer> = Partial<Omit<L, 'kind' | 'id' | 'data'>> & {
  data?: Partial<LayerData>;
};

function commonDefaults(
  kind: LayerKind,
  uid: string | undefined,
  dataInit: Partial<LayerData> = {},
): LayerCommon {
  return {
    uid: uid ?? createUid(),
    id: '',
    data: {
      ...defaultLayerData(),
      name: kindNamed(kind).defaultName,
      ...dataInit,
      ...kindNamed(kind).fixedData,
    },
    left: 0,
    top: 0,
    width: 100,
    height: 100,
    angle: 0,
    scaleX: 1,
    scaleY: 1,
    flipX: false,
    flipY: false,
    opacity: 1,
    locked: false,
    hidden: false,
    clipPath: null,
  };
}

/** A layer's layer data must fit its kind: dynamic images need a box, the rating widget is its own kind. */
export function checkRoleFitsKind(kind: LayerKind, data: LayerData): void {
  const definition = kindNamed(kind);
  if (data.dynamicLayerType !== null && !definition.holdsPicture) {
    throw new RangeError(
      `A ${data.dynamicLayerType} layer must be a rectangle or an image: the renderer fills its box, and a ${kind} has none`,
    );
  }
  if ((data.widgetType === 'RATING') !== (definition.fixedData?.widgetType === 'RATING')) {
    throw new RangeError('Only the rating widget has the RATING widget type; add a Star Rating from WIDGETS');
  }
}

/** The layer in the model's form with its id derived from its data. */
export function finishLayer<L extends ModelLayer>(layer: L): L {
  checkRoleFitsKind(layer.kind, layer.data);
  const normalized = normalizeLayer(layer);
  const id = deriveLayerId(normalized, new Set());
  return { ...normalized, id, data: canonicalLayerData(id, normalized.data) };
}

/** A new layer of a kind: the common defaults, the kind's (layers/<kind>), `own` and then `init`. */
function make<K extends LayerKind>(kind: K, init: LayerInit<ModelLayer>, own: object = {}): LayerOfKind<K> {
  const { data, ...fields } = init;
  const base = commonDefaults(kind, init.uid, data);
  const defaults = kindNamed(kind).defaults;
  return finishLayer({
    ...base,
    kind,
    ...defaults,
    ...own,
    ...fields,
    data: base.data,
  } as unknown as LayerOfKind<K>);
}

export function createRectLayer(init: LayerInit<RectLayer> = {}): RectLayer {
  return make('rect', init);
}

export function createEllipseLayer(init: LayerInit<EllipseLayer> = {}): EllipseLayer {
  return make('ellipse', init);
}

/** A line; x1..y2 may be anywhere, the layer's box is moved to their bounds. */
export function createLineLayer(init: LayerInit<LineLayer> = {}): LineLayer {
  return make('line', init);
}

/** A polygon; its points may be anywhere, the layer's box is moved to their bounds. */
export function createPolygonLayer(init: LayerInit<PolygonLayer> = {}): PolygonLayer {
  return make('polygon', init);
}

/** A path; its data may be anywhere, the layer's box is moved to its bounds. */
export function createPathLayer(init: LayerInit<PathLayer> = {}): PathLayer {
  return make('path', init);
}

/** A static picture; `href` should be a data URL (the renderer drops other addresses on plain layers). */
export function createImageLayer(init: LayerInit<ImageLayer> = {}): ImageLayer {
  return make('image', init);
}

/**
 * A dynamic image layer (IMAGE, SLIDESHOW, VIDEO slots; LOGO_MAIN, BLUR, COPY): a rectangle the renderer
 * fills, painted with the placeholder colour. A slot takes the next free MAIN_nnn when added to a model.
 */
export function createDynamicImageLayer(type: DynamicLayerType, init: LayerInit<RectLayer> = {}): RectLayer {
  return createRectLayer({
    fill: SLOT_PLACEHOLDER_FILL,
    width: 400,
    height: 400,
    ...init,
    data: { name: DYNAMIC_NAMES[type], ...init.data, dynamicLayerType: type },
  });
}

/** A text box with the spec's default font. */
export function createTextLayer(init: LayerInit<TextLayer> = {}): TextLayer {
  return make('text', init);
}

/** The star-rating widget (RATING) with the preview rating 3.5. */
export function createRatingLayer(init: LayerInit<RatingLayer> = {}): RatingLayer {
  return make('rating', init);
}

/**
 * A group of layers (in the group's coordinates). The group's box is moved to its members' bounds, so
 * members given in canvas coordinates with the group at (0, 0) keep their place.
 */
export function createGroupLayer(
  children: readonly ModelLayer[],
  init: LayerInit<GroupLayer> = {},
): GroupLayer {
  return make('group', init, { children });
}
