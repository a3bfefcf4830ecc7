import { Stack, Text } from '@mantine/core';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useMemo, useState } from 'react';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { useEditorState } from '../engine/useEditorState';
import type { ModelLayer } from '../model/index.js';
import { GroupMembers, showsMembers } from './layers/GroupMembers';
import { LayerRow, type LayerListContext } from './layers/LayerRow';
import { wholeState } from './wholeState';

/** The model keeps layers bottom first; the list shows the front-most layer on top. */
function topFirst(layers: readonly ModelLayer[]): ModelLayer[] {
  return [...layers].reverse();
}

/** Screen-reader messages of a drag, with layer names instead of uids. */
function announcements(rows: readonly ModelLayer[]): Announcements {
  const nameOf = (id: UniqueIdentifier) => rows.find((layer) => layer.uid === id)?.data.name ?? 'layer';
  const positionOf = (id: UniqueIdentifier) => rows.findIndex((layer) => layer.uid === id) + 1;
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${rows.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${rows.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
}

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To move a layer, press space or enter, move it with the up and down arrow keys, then press space or enter to drop it, or escape to cancel.',
};

/**
 * LAYERS: the layers, front-most on top. Click to select (shift or ctrl/cmd to add), double-click to
 * rename, hide, lock, delete, and drag to reorder (or the keyboard: the handle, or move up and down);
 * a reorder is one undo step. A selected group lists its members.
 */
export function LayersPanel({ editor }: { editor: BuilderEditor }) {
  const { model, selection } = useEditorState(editor, wholeState);
  const [renamingUid, setRenamingUid] = useState<string | null>(null);
  const rows = useMemo(() => topFirst(model.layers), [model.layers]);
  const sensors = useSensors(
    // A short distance first, so that a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No layers yet. Add one from SHAPES, IMAGES, TEXT or WIDGETS.
      </Text>
    );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const position = rows.findIndex((layer) => layer.uid === over.id);
    if (position === -1) return;
    // Position from the top of the list → index from the bottom of the model.
    editor.moveLayerTo(String(active.id), rows.length - 1 - position);
  };

  const context: LayerListContext = { editor, selection, renamingUid, setRenamingUid };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: announcements(rows),
        screenReaderInstructions: SCREEN_READER_INSTRUCTIONS,
      }}
    >
      <SortableContext items={rows.map((layer) => layer.uid)} strategy={verticalListSortingStrategy}>
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
                  <GroupMembers context={context} layers={layer.children} />
                ) : undefined
              }
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
