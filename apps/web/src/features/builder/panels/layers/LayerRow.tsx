import { ActionIcon, Badge, Group, Image, Paper, Stack, Tooltip } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  IconArrowDown,
  IconArrowUp,
  IconEye,
  IconEyeOff,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import type { ModelLayer } from '../../model/index.js';
import { roleBadges } from '../layer-data/layerRoles';
import { useRoleLabel } from '../layer-data/roleLabels';
import { TextOverflowMark } from '../text/TextOverflowWarning';
import { LayerName } from './LayerName';
import { DragHandle } from './SortableLayers';
import { VanishMark } from './VanishMark';
import { runCommand } from '../../commands/registry';

/** What a row needs from the list: the selection and the rename in progress. */
export interface LayerListContext {
  editor: BuilderEditor;
  selection: readonly string[];
  renamingUid: string | null;
  setRenamingUid: (uid: string | null) => void;
}

/** Selects a layer; `adding` (shift or ctrl/cmd) adds it to the selection or takes it out. */
export function selectFromList(context: LayerListContext, uid: string, adding: boolean): void {
  const { editor, selection } = context;
  const uids = !adding
    ? [uid]
    : selection.includes(uid)
      ? selection.filter((other) => other !== uid)
      : [...selection, uid];
  runCommand(editor, 'select-layers', { uids });
}

/** A listed layer's name: a click selects it (with shift or ctrl/cmd, adds it), a double-click renames it. */
export function ListedLayerName({
  context,
  layer,
  size,
}: {
  context: LayerListContext;
  layer: ModelLayer;
  size?: 'sm' | 'xs';
}) {
  const { editor, renamingUid, setRenamingUid } = context;
  return (
    <LayerName
      size={size}
      name={layer.data.name}
      muted={layer.hidden || layer.locked}
      renaming={renamingUid === layer.uid}
      onSelect={(adding) => selectFromList(context, layer.uid, adding)}
      onStartRename={() => setRenamingUid(layer.uid)}
      onRename={(name) => runCommand(editor, 'rename-layer', { uid: layer.uid, name })}
      onEndRename={() => setRenamingUid(null)}
    />
  );
}

/** The role badges of a layer (Image slot, Logo, Rating, Sale, …). */
export function RoleBadges({ layer }: { layer: ModelLayer }) {
  const badges = roleBadges(layer, useRoleLabel(layer.id));
  if (badges.length === 0) return null;
  return (
    <Group gap={4} data-testid="layer-roles">
      {badges.map((badge) => (
        <Badge key={badge} size="xs" variant="light">
          {badge}
        </Badge>
      ))}
    </Group>
  );
}

function RowAction({
  label,
  onClick,
  disabled,
  color,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} openDelay={500}>
      <ActionIcon
        size="sm"
        variant="subtle"
        color={color}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * One top-level layer: a drag handle (pointer, or the keyboard: focus it, space, arrows, space), its
 * name, role badges, and hide, lock, rename, move up or down, delete. `position` is its index from the
 * top of the list, `count` the number of rows.
 */
export function LayerRow({
  context,
  layer,
  position,
  count,
  members,
}: {
  context: LayerListContext;
  layer: ModelLayer;
  position: number;
  count: number;
  members?: ReactNode;
}) {
  const { editor, selection, setRenamingUid } = context;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: layer.uid });
  const name = layer.data.name;
  // Its role in words ('Product image 1 (fit)'), never the id the template saves.
  const roleLabel = useRoleLabel(layer.id);
  const selected = selection.includes(layer.uid);
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p={6}
      radius="sm"
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
      data-testid="layer-row"
      data-layer-id={layer.id}
      title={roleLabel ?? undefined}
      aria-selected={selected}
    >
      <Stack gap={4}>
        <Group gap={4} wrap="nowrap">
          <DragHandle
            name={name}
            activatorRef={setActivatorNodeRef}
            attributes={attributes}
            listeners={listeners}
            size="sm"
          />
          {layer.data.thumbnail !== null && (
            <Image src={layer.data.thumbnail} alt="" w={24} h={24} fit="contain" />
          )}
          <ListedLayerName context={context} layer={layer} />
          <TextOverflowMark editor={editor} layer={layer} />
          <VanishMark editor={editor} layerId={layer.id} />
        </Group>
        <RoleBadges layer={layer} />
        <Group gap={2} wrap="nowrap">
          <RowAction
            label={layer.hidden ? `Show ${name}` : `Hide ${name}`}
            onClick={() =>
              runCommand(editor, 'set-layers-hidden', { uids: [layer.uid], hidden: !layer.hidden })
            }
          >
            {layer.hidden ? <IconEyeOff size={14} /> : <IconEye size={14} />}
          </RowAction>
          <RowAction
            label={layer.locked ? `Unlock ${name}` : `Lock ${name}`}
            onClick={() =>
              runCommand(editor, 'set-layers-locked', { uids: [layer.uid], locked: !layer.locked })
            }
          >
            {layer.locked ? <IconLock size={14} /> : <IconLockOpen size={14} />}
          </RowAction>
          <RowAction label={`Rename ${name}`} onClick={() => setRenamingUid(layer.uid)}>
            <IconPencil size={14} />
          </RowAction>
          <RowAction
            label={`Move ${name} up`}
            disabled={position === 0}
            onClick={() => runCommand(editor, 'move-layer', { uid: layer.uid, direction: 'up' })}
          >
            <IconArrowUp size={14} />
          </RowAction>
          <RowAction
            label={`Move ${name} down`}
            disabled={position === count - 1}
            onClick={() => runCommand(editor, 'move-layer', { uid: layer.uid, direction: 'down' })}
          >
            <IconArrowDown size={14} />
          </RowAction>
          <RowAction
            label={`Delete ${name}`}
            color="red"
            onClick={() => runCommand(editor, 'remove-layers', { uids: [layer.uid] })}
          >
            <IconTrash size={14} />
          </RowAction>
        </Group>
        {members}
      </Stack>
    </Paper>
  );
}
