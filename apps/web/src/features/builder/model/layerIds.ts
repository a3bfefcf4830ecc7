/**
 * Layer ids (template-format.md section 2) in the model: every layer's SVG id comes from its layer data
 * through packages/template's layerDataToId, and ids stay unique in the document, group members included.
 */
import {
  idToLayerData,
  isPlainLayerId,
  layerDataToId,
  uniqueLayerId,
  type LayerData,
  type LayerIdData,
} from '@adloom/template';
import type { LayerKind, ModelLayer } from './types.js';

/** The part of the layer data that the id carries. */
export function idPartOf(data: LayerData): LayerIdData {
  const { name: _name, thumbnail: _thumbnail, ...idPart } = data;
  return idPart;
}

const ID_FIELDS = Object.keys(idToLayerData('layer')) as (keyof LayerIdData)[];

/** True when two layer data say the same about the id. */
export function sameIdData(a: LayerIdData, b: LayerIdData): boolean {
  return ID_FIELDS.every((field) => Object.is(a[field], b[field]));
}

/**
 * The layer data as the id carries it: fields the id cannot carry for this role go back to their defaults,
 * exactly as reading the saved template would give them (packages/template layerData.ts).
 */
export function canonicalLayerData(id: string, data: LayerData): LayerData {
  return { ...idToLayerData(id), name: data.name, thumbnail: data.thumbnail };
}

/** The id a layer without a dynamic role gets before a suffix: its kind, which never looks dynamic. */
export function defaultPlainId(kind: LayerKind): string {
  return kind;
}

/**
 * The id for a layer among `taken` (the other layers' ids). A layer keeps its id while that id still
 * carries its data and is free (for a slot: its number or name is free too); otherwise the id is derived
 * again: a plain layer keeps its own id as the stem, a numbered slot moves to the next free MAIN_nnn,
 * other roles get the `_n` suffix.
 */
export function deriveLayerId(
  layer: Pick<ModelLayer, 'kind' | 'id' | 'data'>,
  taken: ReadonlySet<string>,
): string {
  const wanted = idPartOf(layer.data);
  if (layer.id !== '' && sameIdData(idToLayerData(layer.id), wanted) && isFree(layer.id, taken))
    return layer.id;
  const plainId = layer.id !== '' && isPlainLayerId(layer.id) ? layer.id : defaultPlainId(layer.kind);
  return layerDataToId(wanted, { taken, plainId });
}

/** True when an id clashes with none of `taken`: not the same id, nor the same slot number or name. */
function isFree(id: string, taken: ReadonlySet<string>): boolean {
  try {
    return uniqueLayerId(id, taken) === id;
  } catch {
    // A loose id that no suffix can make unique (uniqueLayerId refuses it) is free only when unused.
    return !taken.has(id);
  }
}

/**
 * The layers with ids derived among `taken`, in order (a group before its members), and their data made
 * canonical. Every id given is added to `taken`.
 */
export function assignLayerIds(layers: readonly ModelLayer[], taken: Set<string>): ModelLayer[] {
  return layers.map((layer) => {
    const id = deriveLayerId(layer, taken);
    taken.add(id);
    const data = canonicalLayerData(id, layer.data);
    const withId = { ...layer, id, data } as ModelLayer;
    if (withId.kind !== 'group') return withId;
    return { ...withId, children: assignLayerIds(withId.children, taken) };
  });
}
