/** The group: its members in its own coordinates; its box is their bounds. Reads and writes `<g>`. */
import { Group } from 'fabric';
import { membersBox, moveContentOrigin, moveMembers } from '../../model/normalize.js';
import type { GroupLayer } from '../../model/types.js';
import { elementsOf, geometryOf } from '../../svg/readParts.js';
import { contentTransform, element, look } from '../../svg/writeParts.js';
import type { LayerKindDefinition } from '../kind.js';

/**
 * A group whose members' bounds start at (0, 0), its box their size. Members move by whole hundredths,
 * so the second pass finds nothing to move and a saved group reads back the same.
 */
function normalizeGroup(layer: GroupLayer): GroupLayer {
  let group = layer;
  for (let step = 0; step < 5; step += 1) {
    const { offset, width, height } = membersBox(group.children);
    const moved = moveContentOrigin(group, offset, width, height);
    if (offset.x === 0 && offset.y === 0) return moved;
    group = { ...moved, children: moveMembers(group.children, offset) };
  }
  return group;
}

export const groupKind: LayerKindDefinition<'group'> = {
  kind: 'group',
  defaultName: 'Group',
  defaults: { children: [] },
  fields: [],
  derivedFields: ['width', 'height'],
  // Its members may be texts.
  holdsPicture: false,
  recolourable: true,
  drawsText: true,
  paints: () => [],
  normalize: normalizeGroup,
  svgElements: ['g'],
  readSvg(node, common, context): GroupLayer {
    const members = context.readMembers(elementsOf(node));
    const box = membersBox(members);
    return {
      ...common,
      ...geometryOf(node, box.offset, box.width, box.height),
      kind: 'group',
      children: moveMembers(members, box.offset),
    };
  },
  writeSvg(layer, context) {
    const indent = '\n' + '  '.repeat(context.depth);
    const members = layer.children.map((child) => `${indent}  ${context.writeMember(child)}`).join('');
    return element('g', [['id', layer.id], ...look(layer, contentTransform(layer))], `${members}${indent}`);
  },
  createFabricObject: (layer, context) =>
    new Group(layer.children.map((child) => context.createMember(child))),
};
