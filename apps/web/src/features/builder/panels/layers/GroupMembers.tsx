import { Group, Stack } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo } from 'react';
import { allLayers, type GroupLayer, type ModelLayer } from '../../model/index.js';
import { ListedLayerName, RoleBadges, type LayerListContext } from './LayerRow';
import { useRoleLabel } from '../layer-data/roleLabels';
import { DragHandle, SortableLayers } from './SortableLayers';
import { VanishMark } from './VanishMark';
import { runCommand } from '../../commands/registry';

/** True when the group or one of its members (at any depth) is selected: its members are listed then. */
export function showsMembers(group: GroupLayer, selection: readonly string[]): boolean {
  return allLayers([group]).some((layer) => selection.includes(layer.uid));
}

/**
 * One member of a group: a drag handle (pointer, or the keyboard: focus it, space, arrows, space), its
 * name (a click selects, a double-click renames) and role badges; a member that is a group lists its own
 * members under it while it or one of them is selected, and they move with it.
 */
function MemberRow({ context, member }: { context: LayerListContext; member: ModelLayer }) {
  const { selection } = context;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: member.uid });
  const name = member.data.name;
  const roleLabel = useRoleLabel(member.id);
  const selected = selection.includes(member.uid);
  return (
    <Stack
      ref={setNodeRef}
      gap={2}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
    >
      <Group
        gap={4}
        wrap="nowrap"
        px={4}
        data-testid="group-member"
        data-layer-id={member.id}
        aria-selected={selected}
        title={roleLabel ?? undefined}
        style={{
          borderRadius: 'var(--mantine-radius-sm)',
          background: selected ? 'var(--mantine-color-blue-light)' : undefined,
        }}
      >
        <DragHandle
          name={name}
          activatorRef={setActivatorNodeRef}
          attributes={attributes}
          listeners={listeners}
          size="xs"
        />
        <ListedLayerName context={context} layer={member} size="xs" />
        <VanishMark editor={context.editor} layerId={member.id} />
        <RoleBadges layer={member} />
      </Group>
      {member.kind === 'group' && showsMembers(member, selection) && (
        <GroupMembers context={context} group={member} />
      )}
    </Stack>
  );
}

/**
 * A selected group's members (spec section 4), top first (the front-most member on top), indented; each
 * can be selected and renamed, and dragged to another place among the group's members (one undo step;
 * the canvas draws the group's members in the new order).
 *
 * The members are a sortable list of their own (SortableLayers: its own DndContext and SortableContext),
 * so a member cannot be dragged out of its group, neither to the top level nor into another group, and a
 * top-level layer or another group's member cannot be dropped among them; moveGroupMember refuses such a
 * move too.
 */
export function GroupMembers({ context, group }: { context: LayerListContext; group: GroupLayer }) {
  const { editor } = context;
  const rows = useMemo(() => [...group.children].reverse(), [group.children]);
  return (
    <SortableLayers
      rows={rows}
      // Position from the top of the list → index from the bottom of the group's members.
      onMove={(uid, position) =>
        runCommand(editor, 'move-group-member', {
          groupUid: group.uid,
          uid,
          index: rows.length - 1 - position,
        })
      }
    >
      <Stack gap={2} pl="md" aria-label={`Members of ${group.data.name || 'the group'}`}>
        {rows.map((member) => (
          <MemberRow key={member.uid} context={context} member={member} />
        ))}
      </Stack>
    </SortableLayers>
  );
}
