/**
 * Every change of the model is a pure function `(model, args) → model` (ARCHITECTURE.md). They throw a
 * RangeError on values the model cannot hold (the rating value: the spec's 'Rating must be between 1
 * and 5'); an unknown uid is a no-op, so a stale command cannot corrupt the document.
 */
import { createBuilderDocument, type LayerData } from '@adloom/template';
import { pruneDefinitions } from './definitions.js';
import { assignLayerIds, canonicalLayerData, deriveLayerId } from './layerIds.js';
import { checkRoleFitsKind, createUid } from './layers.js';
import { kindOf } from '../layers/index.js';
import { normalizeLayer } from './normalizeLayer.js';
import { requireFinite, roundLength } from './numbers.js';
import { allLayerIds, allLayers, findLayer, locateLayer, replaceLayer, replaceSiblings } from './tree.js';
import type {
  BuilderModel,
  GroupLayer,
  ImageLayer,
  LayerGeometry,
  LineLayer,
  ModelLayer,
  PathLayer,
  PolygonLayer,
  RatingLayer,
  RectLayer,
  TextLayer,
} from './types.js';

/** A new, empty model with the spec's defaults: 'New Template', 1080 × 1080, white, proportions locked. */
export function createModel(overrides: Partial<BuilderModel> = {}): BuilderModel {
  const { name, width, height, backgroundColor, constrainProportions } = createBuilderDocument();
  return {
    name,
    width,
    height,
    backgroundColor,
    constrainProportions,
    layers: [],
    definitions: [],
    ...overrides,
  };
}

const rebuildGroup = (group: GroupLayer): GroupLayer => normalizeLayer(group);

function withLayers(model: BuilderModel, layers: readonly ModelLayer[]): BuilderModel {
  return layers === model.layers ? model : pruneDefinitions({ ...model, layers });
}

// ---------------------------------------------------------------------------------------------------
// Adding and removing

/** Where new layers go: into a group (null: the top level), before the sibling at `index` (default: on top). */
export interface InsertPosition {
  parentUid?: string | null;
  index?: number;
}

/**
 * Adds layers (made by the factories of layers.ts) at a position, ids made unique among the document's:
 * a slot takes the next free MAIN_nnn, LOGO_MAIN and the other roles an `_n` suffix. Throws when a uid is
 * already in the document.
 */
export function addLayers(
  model: BuilderModel,
  layers: readonly ModelLayer[],
  position: InsertPosition = {},
): BuilderModel {
  const uids = new Set(allLayers(model.layers).map((layer) => layer.uid));
  for (const layer of allLayers(layers)) {
    if (uids.has(layer.uid)) throw new RangeError(`A layer with uid ${layer.uid} is already in the document`);
    uids.add(layer.uid);
  }
  const added = assignLayerIds(layers, allLayerIds(model.layers)).map((layer) => normalizeLayer(layer));
  const parentUid = position.parentUid ?? null;
  if (parentUid !== null && findLayer(model, parentUid)?.kind !== 'group') {
    throw new RangeError(`There is no group with uid ${parentUid} to add the layers to`);
  }
  return withLayers(
    model,
    replaceSiblings(
      model.layers,
      parentUid,
      (siblings) => {
        const index = Math.min(Math.max(position.index ?? siblings.length, 0), siblings.length);
        return [...siblings.slice(0, index), ...added, ...siblings.slice(index)];
      },
      rebuildGroup,
    ),
  );
}

/** Removes layers (and a group's members with it). */
export function removeLayers(model: BuilderModel, uids: Iterable<string>): BuilderModel {
  let layers = model.layers;
  for (const uid of uids) layers = replaceLayer(layers, uid, () => null, rebuildGroup);
  return withLayers(model, layers);
}

// ---------------------------------------------------------------------------------------------------
// Changing a layer

type Editable<L> = Omit<L, 'uid' | 'kind' | 'id' | 'data' | 'children'>;

/**
 * Fields a layer can be given; each applies only to the kinds that have it. Sizes that follow from the
 * content (a text's height; width and height of lines, polygons, paths and groups) are worked out, not set.
 */
export type LayerPatch = Partial<
  Editable<RectLayer> &
    Editable<LineLayer> &
    Editable<PolygonLayer> &
    Editable<PathLayer> &
    Editable<ImageLayer> &
    Editable<TextLayer> &
    Editable<RatingLayer>
>;

const GEOMETRY_FIELDS: readonly (keyof LayerGeometry)[] = [
  'left',
  'top',
  'width',
  'height',
  'angle',
  'scaleX',
  'scaleY',
  'flipX',
  'flipY',
  'opacity',
];
/** The fields of every kind that a patch may set (each kind adds its own: layers/<kind>). */
const COMMON_FIELDS: readonly string[] = [...GEOMETRY_FIELDS, 'locked', 'hidden', 'clipPath'];

/** The layer with a patch applied and brought into the model's form. */
export function patchLayer<L extends ModelLayer>(layer: L, patch: LayerPatch): L {
  const { fields, derivedFields } = kindOf(layer);
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined || derivedFields.includes(field)) continue;
    if (!COMMON_FIELDS.includes(field) && !fields.includes(field))
      throw new RangeError(`A ${layer.kind} layer has no ${field}`);
    changes[field] = value;
  }
  return normalizeLayer({ ...layer, ...changes });
}

/** Changes fields of a layer (geometry, style, the kind's own fields). */
export function updateLayer(model: BuilderModel, uid: string, patch: LayerPatch): BuilderModel {
  return withLayers(
    model,
    replaceLayer(model.layers, uid, (layer) => patchLayer(layer, patch), rebuildGroup),
  );
}

/** Changes fields of several layers at once (one patch each), e.g. the end of a multi-selection drag. */
export function updateLayers(model: BuilderModel, patches: ReadonlyMap<string, LayerPatch>): BuilderModel {
  let layers = model.layers;
  for (const [uid, patch] of patches) {
    layers = replaceLayer(layers, uid, (layer) => patchLayer(layer, patch), rebuildGroup);
  }
  return withLayers(model, layers);
}

/**
 * Changes a layer's layer data (spec section 3). Its id follows: derived again through layerDataToId
 * when the role changed, unique among the others; fields the id cannot carry for the role go back to
 * their defaults. Throws a RangeError when the role does not fit the layer (a slot must be a rectangle
 * or an image) or cannot be written as an id (packages/template's message).
 */
export function setLayerData(model: BuilderModel, uid: string, patch: Partial<LayerData>): BuilderModel {
  const layer = findLayer(model, uid);
  if (!layer) return model;
  const data: LayerData = { ...layer.data, ...patch };
  checkRoleFitsKind(layer.kind, data);
  const taken = allLayerIds(model.layers);
  taken.delete(layer.id);
  const id = deriveLayerId({ ...layer, data }, taken);
  const changed = { ...layer, id, data: canonicalLayerData(id, data) } as ModelLayer;
  return withLayers(
    model,
    replaceLayer(model.layers, uid, () => changed, rebuildGroup),
  );
}

/** Renames a layer (its name in the layers panel; not part of its id). */
export function renameLayer(model: BuilderModel, uid: string, name: string): BuilderModel {
  return setLayerData(model, uid, { name });
}

/** Locks or unlocks layers (a locked layer cannot be selected on the canvas). */
export function setLayersLocked(model: BuilderModel, uids: Iterable<string>, locked: boolean): BuilderModel {
  return updateLayers(model, new Map([...uids].map((uid) => [uid, { locked }])));
}

/** Hides or shows layers; a hidden layer is saved with display="none" and is not drawn in ads. */
export function setLayersHidden(model: BuilderModel, uids: Iterable<string>, hidden: boolean): BuilderModel {
  return updateLayers(model, new Map([...uids].map((uid) => [uid, { hidden }])));
}

// ---------------------------------------------------------------------------------------------------
// Order (layers are bottom first)

/** Moves a layer to an index among its siblings (0: the bottom), clamped. */
export function moveLayer(model: BuilderModel, uid: string, toIndex: number): BuilderModel {
  const location = locateLayer(model.layers, uid);
  if (!location) return model;
  const target = Math.min(Math.max(Math.round(toIndex), 0), location.siblings.length - 1);
  if (target === location.index) return model;
  return withLayers(
    model,
    replaceSiblings(
      model.layers,
      location.parent?.uid ?? null,
      (siblings) => {
        const moving = siblings[location.index]!;
        const rest = siblings.filter((_, index) => index !== location.index);
        return [...rest.slice(0, target), moving, ...rest.slice(target)];
      },
      rebuildGroup,
    ),
  );
}

/**
 * Moves a member of the group `groupUid` to an index among that group's members (0: the bottom, drawn
 * first; clamped), as moveLayer does, but never out of the group: unchanged (the same model) when `uid` is
 * not a direct member of `groupUid` (a top-level layer, a member of another group, a stale uid) or when it
 * is already there. Groups may be nested; `groupUid` is the member's own group, at any depth.
 */
export function moveGroupMember(
  model: BuilderModel,
  groupUid: string,
  uid: string,
  toIndex: number,
): BuilderModel {
  const location = locateLayer(model.layers, uid);
  if (!location || location.parent?.uid !== groupUid) return model;
  return moveLayer(model, uid, toIndex);
}

function indexOf(model: BuilderModel, uid: string): { index: number; last: number } | undefined {
  const location = locateLayer(model.layers, uid);
  return location && { index: location.index, last: location.siblings.length - 1 };
}

/** One step up (drawn later). */
export function bringForward(model: BuilderModel, uid: string): BuilderModel {
  const at = indexOf(model, uid);
  return at ? moveLayer(model, uid, at.index + 1) : model;
}

/** One step down (drawn earlier). */
export function sendBackward(model: BuilderModel, uid: string): BuilderModel {
  const at = indexOf(model, uid);
  return at ? moveLayer(model, uid, at.index - 1) : model;
}

export function bringToFront(model: BuilderModel, uid: string): BuilderModel {
  const at = indexOf(model, uid);
  return at ? moveLayer(model, uid, at.last) : model;
}

export function sendToBack(model: BuilderModel, uid: string): BuilderModel {
  return moveLayer(model, uid, 0);
}

// ---------------------------------------------------------------------------------------------------
// Copy and paste

/** Options of pasteLayers. */
export interface PasteOptions {
  /** How far the copies move right and down from the originals (default 10). */
  offset?: number;
  /** Makes the copies' uids (default createUid). */
  makeUid?: () => string;
  /** Where the copies go (default: on top of the top level). */
  position?: InsertPosition;
}

function copyWithNewUids(layer: ModelLayer, makeUid: () => string): ModelLayer {
  const copy = { ...layer, uid: makeUid() } as ModelLayer;
  return copy.kind === 'group'
    ? { ...copy, children: copy.children.map((child) => copyWithNewUids(child, makeUid)) }
    : copy;
}

/**
 * Pastes copies of layers (a clipboard's, which may no longer be in the document): new uids, moved by
 * the offset, and new unique SVG ids (spec: pasted copies get new ids): LOGO_MAIN becomes LOGO_MAIN_2,
 * a slot takes the next free MAIN_nnn, a plain `title` becomes `title_2`. Returns the copies' uids.
 */
export function pasteLayers(
  model: BuilderModel,
  layers: readonly ModelLayer[],
  options: PasteOptions = {},
): { model: BuilderModel; uids: string[] } {
  const offset = roundLength(requireFinite(options.offset ?? 10, 'offset'));
  const makeUid = options.makeUid ?? createUid;
  const copies = layers.map((layer) => {
    const copy = copyWithNewUids(layer, makeUid);
    return { ...copy, left: copy.left + offset, top: copy.top + offset } as ModelLayer;
  });
  return {
    model: addLayers(model, copies, options.position),
    uids: copies.map((copy) => copy.uid),
  };
}

/** Pastes copies of layers of the document (ctrl/cmd+c then ctrl/cmd+v, or a duplicate command). */
export function duplicateLayers(
  model: BuilderModel,
  uids: readonly string[],
  options: PasteOptions = {},
): { model: BuilderModel; uids: string[] } {
  const layers = uids.map((uid) => findLayer(model, uid)).filter((layer) => layer !== undefined);
  return pasteLayers(model, layers, options);
}

// ---------------------------------------------------------------------------------------------------
// Document settings

/** Document settings a change may set. */
export type DocumentSettings = Partial<
  Pick<BuilderModel, 'name' | 'width' | 'height' | 'backgroundColor' | 'constrainProportions'>
>;

function canvasSize(value: number, what: string): number {
  const size = Math.round(requireFinite(value, what));
  if (size < 1) throw new RangeError(`${what} must be at least 1, got ${value}`);
  return size;
}

/**
 * Changes the document settings. Sizes are whole units; with constrainProportions on, changing only the
 * width or only the height changes the other in proportion. The spec's limits (name at most 100
 * characters, sizes 50 to 3000) are save rules (validateModelForSave), so a size can pass through values
 * outside them while it is typed.
 */
export function setDocumentSettings(model: BuilderModel, settings: DocumentSettings): BuilderModel {
  const next = { ...model };
  if (settings.name !== undefined) next.name = String(settings.name);
  if (settings.backgroundColor !== undefined) {
    const color = String(settings.backgroundColor).trim();
    if (color === '') throw new RangeError('The background colour must not be empty');
    next.backgroundColor = color;
  }
  if (settings.constrainProportions !== undefined)
    next.constrainProportions = Boolean(settings.constrainProportions);
  const width = settings.width === undefined ? undefined : canvasSize(settings.width, 'Width');
  const height = settings.height === undefined ? undefined : canvasSize(settings.height, 'Height');
  if (width !== undefined && height !== undefined) {
    next.width = width;
    next.height = height;
  } else if (width !== undefined) {
    next.width = width;
    if (next.constrainProportions)
      next.height = Math.max(1, Math.round((width * model.height) / model.width));
  } else if (height !== undefined) {
    next.height = height;
    if (next.constrainProportions)
      next.width = Math.max(1, Math.round((height * model.width) / model.height));
  }
  return next;
}
