/** Walking the layer tree: layers bottom first, group members inside their group. */
import type { BuilderModel, GroupLayer, ModelLayer } from './types.js';

/** Every layer, a group before its members, in drawing order. */
export function allLayers(layers: readonly ModelLayer[]): ModelLayer[] {
  return layers.flatMap((layer) =>
    layer.kind === 'group' ? [layer, ...allLayers(layer.children)] : [layer],
  );
}

/** Every SVG id in use. */
export function allLayerIds(layers: readonly ModelLayer[]): Set<string> {
  return new Set(allLayers(layers).map((layer) => layer.id));
}

/** The layer with this uid, at any depth. */
export function findLayer(model: Pick<BuilderModel, 'layers'>, uid: string): ModelLayer | undefined {
  return allLayers(model.layers).find((layer) => layer.uid === uid);
}

/** Where a layer sits: its group (null at the top) and its index among its siblings. */
export interface LayerLocation {
  parent: GroupLayer | null;
  siblings: readonly ModelLayer[];
  index: number;
}

export function locateLayer(
  layers: readonly ModelLayer[],
  uid: string,
  parent: GroupLayer | null = null,
): LayerLocation | undefined {
  const index = layers.findIndex((layer) => layer.uid === uid);
  if (index !== -1) return { parent, siblings: layers, index };
  for (const layer of layers) {
    if (layer.kind !== 'group') continue;
    const found = locateLayer(layer.children, uid, layer);
    if (found) return found;
  }
  return undefined;
}

/**
 * The tree with the siblings list of `parentUid` (null: the top level) replaced by `change(siblings)`;
 * every group on the way is rebuilt with `rebuildGroup` (which recomputes what follows from members).
 */
export function replaceSiblings(
  layers: readonly ModelLayer[],
  parentUid: string | null,
  change: (siblings: readonly ModelLayer[]) => readonly ModelLayer[],
  rebuildGroup: (group: GroupLayer) => GroupLayer,
): readonly ModelLayer[] {
  if (parentUid === null) return change(layers);
  let found = false;
  const next = layers.map((layer) => {
    if (found || layer.kind !== 'group') return layer;
    if (layer.uid === parentUid) {
      found = true;
      return rebuildGroup({ ...layer, children: change(layer.children) });
    }
    const children = replaceSiblings(layer.children, parentUid, change, rebuildGroup);
    if (children === layer.children) return layer;
    found = true;
    return rebuildGroup({ ...layer, children });
  });
  return found ? next : layers;
}

/**
 * The tree with the layer `uid` replaced by `change(layer)` (null removes it); groups on the way are
 * rebuilt with `rebuildGroup`. Unchanged when no layer has the uid.
 */
export function replaceLayer(
  layers: readonly ModelLayer[],
  uid: string,
  change: (layer: ModelLayer) => ModelLayer | null,
  rebuildGroup: (group: GroupLayer) => GroupLayer,
): readonly ModelLayer[] {
  const index = layers.findIndex((layer) => layer.uid === uid);
  if (index !== -1) {
    const replaced = change(layers[index]!);
    return replaced === null
      ? [...layers.slice(0, index), ...layers.slice(index + 1)]
      : layers.map((layer, at) => (at === index ? replaced : layer));
  }
  let changed = false;
  const next = layers.map((layer) => {
    if (changed || layer.kind !== 'group') return layer;
    const children = replaceLayer(layer.children, uid, change, rebuildGroup);
    if (children === layer.children) return layer;
    changed = true;
    return rebuildGroup({ ...layer, children });
  });
  return changed ? next : layers;
}
