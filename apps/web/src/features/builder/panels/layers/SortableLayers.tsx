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
import { ActionIcon } from '@mantine/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
  type useSortable,
} from '@dnd-kit/sortable';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Sortable = ReturnType<typeof useSortable>;
import type { ModelLayer } from '../../model/index.js';

/**
 * A row's drag handle: the pointer grabs it, or the keyboard (focus it, space, arrows, space). The props
 * are the row's useSortable answer's activator ref, attributes and listeners.
 */
export function DragHandle({
  name,
  size,
  activatorRef,
  attributes,
  listeners,
}: {
  name: string;
  size: 'xs' | 'sm';
  activatorRef: Sortable['setActivatorNodeRef'];
  attributes: Sortable['attributes'];
  listeners: Sortable['listeners'];
}) {
  return (
    <ActionIcon
      ref={activatorRef}
      size={size}
      variant="subtle"
      color="gray"
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
      aria-label={`Drag ${name}`}
    >
      <IconGripVertical size={size === 'xs' ? 12 : 14} />
    </ActionIcon>
  );
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
 * A list of layers the user reorders by dragging a row's handle (pointer, or the keyboard: focus it,
 * space, arrows, space), with announcements. `rows` are listed top first (the front-most layer on top);
 * a drop calls `onMove(uid, position)` with the position from the top of the list it was dropped at,
 * once per drag (so one undo step), and not at all for a drop in place or a cancel. The rows inside are
 * `useSortable` with their layer's uid.
 *
 * Each list has its own DndContext, not only its own SortableContext: a context's rows can only be
 * dropped among its own rows, so a layer dragged in one list (the top level, or one group's members)
 * never lands in another, and the keyboard's arrows only step through the rows of its list.
 */
export function SortableLayers({
  rows,
  onMove,
  children,
}: {
  rows: readonly ModelLayer[];
  onMove: (uid: string, position: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    // A short distance first, so that a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const position = rows.findIndex((layer) => layer.uid === over.id);
    if (position === -1) return;
    onMove(String(active.id), position);
  };

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
        {children}
      </SortableContext>
    </DndContext>
  );
}
