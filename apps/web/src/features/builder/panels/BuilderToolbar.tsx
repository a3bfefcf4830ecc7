import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconKeyboard,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarRightCollapse,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
  IconZoomScan,
} from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { BuilderEditor, EditorState } from '../engine/BuilderEditor';
import { shallowEqual, useEditorState } from '../engine/useEditorState';
import { SAFE_ZONE_LABELS, SAFE_ZONE_TYPES, type SafeZoneType } from '../geometry/safe-zones';
import { CommandButton } from './CommandButton';
import { runCommand } from '../commands/registry';
import { ShortcutSheet } from './ShortcutSheet';

const NO_SAFE_ZONE = 'none';

export interface BuilderToolbarProps {
  editor: BuilderEditor;
  saving: boolean;
  onSave: () => void;
  /** Other ways to start a template (the library, an SVG import), shown before Save. */
  offers?: ReactNode;
  /** The product / fields switch of the canvas, shown before the zoom controls. */
  canvasView?: ReactNode;
}

const selectToolbarState = ({ model, zoom, safeZone }: EditorState) => ({ name: model.name, zoom, safeZone });

/** Name, undo and redo, zoom, safe zone, other ways to start, and Save. */
export function BuilderToolbar({ editor, saving, onSave, offers, canvasView }: BuilderToolbarProps) {
  const { name, zoom, safeZone } = useEditorState(editor, selectToolbarState, shallowEqual);
  // The save command (ctrl/cmd+s) runs the Save button's action: the latest one, made again each render.
  const saveAction = useRef(onSave);
  useEffect(() => {
    saveAction.current = onSave;
  });
  useEffect(() => {
    editor.workspace.setSaveAction(() => saveAction.current());
    return () => editor.workspace.setSaveAction(null);
  }, [editor]);
  return (
    <Group gap="sm" wrap="wrap" mb="sm" justify="space-between">
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label="Template name"
          value={name}
          onChange={(event) => runCommand(editor, 'set-document', { name: event.currentTarget.value })}
          w={{ base: 170, lg: 240 }}
        />
        <CommandButton editor={editor} commandId="undo">
          <IconArrowBackUp size={18} />
        </CommandButton>
        <CommandButton editor={editor} commandId="redo">
          <IconArrowForwardUp size={18} />
        </CommandButton>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {canvasView}
        <CommandButton editor={editor} commandId="zoom-out">
          <IconZoomOut size={18} />
        </CommandButton>
        <Text size="sm" w={48} ta="center" data-testid="zoom-percentage" aria-label="Zoom">
          {Math.round(zoom * 100)}%
        </Text>
        <CommandButton editor={editor} commandId="zoom-in">
          <IconZoomIn size={18} />
        </CommandButton>
        <CommandButton editor={editor} commandId="zoom-reset">
          <IconZoomReset size={18} />
        </CommandButton>
        <CommandButton editor={editor} commandId="zoom-fit">
          <IconZoomScan size={18} />
        </CommandButton>
        <CommandButton editor={editor} commandId="toggle-left-panel">
          <IconLayoutSidebarLeftCollapse size={18} />
        </CommandButton>
        <CommandButton editor={editor} commandId="toggle-right-panel">
          <IconLayoutSidebarRightCollapse size={18} />
        </CommandButton>
        <CommandButton editor={editor} commandId="shortcuts">
          <IconKeyboard size={18} />
        </CommandButton>
        <Select
          aria-label="Safe zone"
          w={150}
          allowDeselect={false}
          value={safeZone ?? NO_SAFE_ZONE}
          data={[
            { value: NO_SAFE_ZONE, label: 'No safe zone' },
            ...SAFE_ZONE_TYPES.map((type) => ({ value: type, label: SAFE_ZONE_LABELS[type] })),
          ]}
          onChange={(value) =>
            runCommand(editor, 'set-safe-zone', {
              zone: !value || value === NO_SAFE_ZONE ? null : (value as SafeZoneType),
            })
          }
        />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {offers}
        <Button onClick={onSave} loading={saving}>
          Save
        </Button>
      </Group>
      <ShortcutSheet editor={editor} />
    </Group>
  );
}
