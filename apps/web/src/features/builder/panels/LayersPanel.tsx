import { Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { BuilderEditor, EditorState } from '../engine/BuilderEditor';
import { runCommand } from '../commands/registry';
import { shallowEqual, useEditorState } from '../engine/useEditorState';
import type { ModelLayer } from '../model/index.js';
import { RoleLabelsContext, useRoleLabels } from './layer-data/roleLabels';
import { GroupMembers, showsMembers } from './layers/GroupMembers';
import { LayerRow, type LayerListContext } from './layers/LayerRow';
import { SortableLayers } from './layers/SortableLayers';

/** The model keeps layers bottom first; the list shows the front-most layer on top. */
function topFirst(layers: readonly ModelLayer[]): ModelLayer[] {
  return [...layers].reverse();
}

const selectLayersAndSelection = ({ model, selection }: EditorState) => ({
  layers: model.layers,
  selection,
});

/**
 * LAYERS: the layers, front-most on top. Click to select (shift or ctrl/cmd to add), double-click to
 * rename, hide, lock, delete, and drag to reorder (or the keyboard: the handle, or move up and down);
 * a reorder is one undo step. A selected group lists its members, which are reordered the same way
 * within their group.
 */
export function LayersPanel({ editor }: { editor: BuilderEditor }) {
  const { layers, selection } = useEditorState(editor, selectLayersAndSelection, shallowEqual);
  const [renamingUid, setRenamingUid] = useState<string | null>(null);
  const rows = useMemo(() => topFirst(layers), [layers]);
  const roleLabels = useRoleLabels(editor);

  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No layers yet. Add one from SHAPES, IMAGES, TEXT or WIDGETS.
      </Text>
    );

  const context: LayerListContext = { editor, selection, renamingUid, setRenamingUid };
  return (
    <RoleLabelsContext value={roleLabels}>
      <SortableLayers
        rows={rows}
        // Position from the top of the list → index from the bottom of the model.
        onMove={(uid, position) =>
          runCommand(editor, 'move-layer-to', { uid, index: rows.length - 1 - position })
        }
      >
        <Stack gap={6} aria-label="Layers">
          {rows.map((layer, position) => (
            <LayerRow
              key={layer.uid}
              context={context}
              layer={layer}
              position={position}
              count={rows.length}
              members={
                layer.kind === 'group' && showsMembers(layer, selection) ? (
                  <GroupMembers context={context} group={layer} />
                ) : undefined
              }
            />
          ))}
        </Stack>
      </SortableLayers>
    </RoleLabelsContext>
  );
}
