import { Group, Stack } from '@mantine/core';
import { allLayers, type GroupLayer, type ModelLayer } from '../../model/index.js';
import { LayerName } from './LayerName';
import { RoleBadges, selectFromList, type LayerListContext } from './LayerRow';

/** True when the group or one of its members (at any depth) is selected: its members are listed then. */
export function showsMembers(group: GroupLayer, selection: readonly string[]): boolean {
  return allLayers([group]).some((layer) => selection.includes(layer.uid));
}

/** A selected group's members (spec section 4), top first, indented; each can be selected and renamed. */
export function GroupMembers({
  context,
  layers,
}: {
  context: LayerListContext;
  layers: readonly ModelLayer[];
}) {
  const { editor, selection, renamingUid, setRenamingUid } = context;
  return (
    <Stack gap={2} pl="md" aria-label="Group members">
      {[...layers].reverse().map((member) => {
        const selected = selection.includes(member.uid);
        return (
          <Stack key={member.uid} gap={2}>
            <Group
              gap={4}
              wrap="nowrap"
              px={4}
              data-testid="group-member"
              data-layer-id={member.id}
              aria-selected={selected}
              title={member.id}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                background: selected ? 'var(--mantine-color-blue-light)' : undefined,
              }}
            >
              <LayerName
                size="xs"
                name={member.data.name}
                muted={member.hidden || member.locked}
                renaming={renamingUid === member.uid}
                onSelect={(adding) => selectFromList(context, member.uid, adding)}
                onStartRename={() => setRenamingUid(member.uid)}
                onRename={(next) => editor.renameLayer(member.uid, next)}
                onEndRename={() => setRenamingUid(null)}
              />
              <RoleBadges layer={member} />
            </Group>
            {member.kind === 'group' && showsMembers(member, selection) && (
              <GroupMembers context={context} layers={member.children} />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
