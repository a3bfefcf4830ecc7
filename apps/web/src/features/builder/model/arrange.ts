/**
 * Changes to several selected layers at once (the design-tool shortcuts of commands/designCommands.ts):
 * order (one step forward or backward, to the front or back, keeping the selected layers' order among
 * themselves), grouping and ungrouping. Pure, like changes.ts: `(model, uids) → model`.
 */
import { multiply } from '@adloom/template';
import { addLayers, bringForward, moveLayer, removeLayers, sendBackward } from './changes.js';
import { decomposeMatrix, layerMatrix } from './matrix.js';
import { createGroupLayer } from './layers.js';
import { findLayer, locateLayer } from './tree.js';
import type { BuilderModel, GroupLayer, ModelLayer } from './types.js';

export type Arrangement = 'forward' | 'backward' | 'front' | 'back';

/** The uids that are in the document, the top-most (drawn last among siblings) first. */
function topFirst(model: BuilderModel, uids: readonly string[]): string[] {
  const placed = uids.flatMap((uid) => {
    const location = locateLayer(model.layers, uid);
    return location ? [{ uid, index: location.index }] : [];
  });
  return placed.sort((a, b) => b.index - a.index).map((entry) => entry.uid);
}

/**
 * Moves the selected layers among their siblings. One step forward or backward moves each past the
 * unselected neighbour above (below) it, never past another selected layer, so a selected block moves as
 * one; to the front or back keeps their order among themselves.
 */
export function arrangeLayers(model: BuilderModel, uids: readonly string[], how: Arrangement): BuilderModel {
  const selected = new Set(uids);
  const order = topFirst(model, uids);
  const neighbourFree = (current: BuilderModel, uid: string, step: 1 | -1) => {
    const location = locateLayer(current.layers, uid);
    const neighbour = location?.siblings[location.index + step];
    return neighbour !== undefined && !selected.has(neighbour.uid);
  };
  switch (how) {
    case 'forward':
      return order.reduce(
        (current, uid) => (neighbourFree(current, uid, 1) ? bringForward(current, uid) : current),
        model,
      );
    case 'backward':
      return [...order]
        .reverse()
        .reduce(
          (current, uid) => (neighbourFree(current, uid, -1) ? sendBackward(current, uid) : current),
          model,
        );
    case 'front':
      return [...order]
        .reverse()
        .reduce((current, uid) => moveLayer(current, uid, Number.MAX_SAFE_INTEGER), model);
    case 'back':
      return order.reduce((current, uid) => moveLayer(current, uid, 0), model);
  }
}

/** The selected top-level layers, bottom first; grouping takes two or more of them. */
export function groupableLayers(model: BuilderModel, uids: readonly string[]): ModelLayer[] {
  const selected = new Set(uids);
  return model.layers.filter((layer) => selected.has(layer.uid) && !layer.locked);
}

/**
 * Puts the selected top-level layers into a new group where the top-most of them was; returns the model
 * and the group's uid (null, and the model unchanged, for fewer than two layers). Members keep their
 * place on the canvas and their ids.
 */
export function groupLayers(
  model: BuilderModel,
  uids: readonly string[],
): { model: BuilderModel; groupUid: string | null } {
  const members = groupableLayers(model, uids);
  if (members.length < 2) return { model, groupUid: null };
  const topIndex = model.layers.indexOf(members.at(-1)!);
  const group = createGroupLayer(members);
  const without = removeLayers(
    model,
    members.map((layer) => layer.uid),
  );
  const index = topIndex - (members.length - 1);
  return { model: addLayers(without, [group], { index }), groupUid: group.uid };
}

/** A group's member placed in the group's parent: the group's placement, opacity and visibility applied. */
function outOfGroup(group: GroupLayer, member: ModelLayer): ModelLayer {
  const placement = decomposeMatrix(
    multiply(layerMatrix(group), layerMatrix(member)),
    member.width,
    member.height,
  );
  return {
    ...member,
    ...placement,
    opacity: member.opacity * group.opacity,
    hidden: member.hidden || group.hidden,
  } as ModelLayer;
}

/**
 * Replaces each selected top-level group with its members, in place on the canvas and in the order;
 * returns the model and the members' uids (none when no group was selected). The group's own layer data
 * (its name, a condition) goes with it.
 */
export function ungroupLayers(
  model: BuilderModel,
  uids: readonly string[],
): { model: BuilderModel; memberUids: string[] } {
  let current = model;
  const memberUids: string[] = [];
  for (const uid of uids) {
    const group = findLayer(current, uid);
    const index = current.layers.findIndex((layer) => layer.uid === uid);
    if (group?.kind !== 'group' || index === -1) continue;
    const members = group.children.map((member) => outOfGroup(group, member));
    current = addLayers(removeLayers(current, [uid]), members, { index });
    memberUids.push(...members.map((member) => member.uid));
  }
  return { model: current, memberUids };
}
