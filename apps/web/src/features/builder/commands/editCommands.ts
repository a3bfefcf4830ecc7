/** The commands with the spec's shortcuts (section 2) and the toolbar's: undo, redo, clipboard, zoom, nudge. */
import type { BuilderEditor } from '../engine/BuilderEditor';
import type { EditCommandArgs } from './commandArgs';
import type { BuilderCommandTable } from './registry';

const hasSelection = (editor: BuilderEditor) => editor.selectedLayers().length > 0;
const hasMovableSelection = (editor: BuilderEditor) => editor.selectedLayers().some((layer) => !layer.locked);

function nudgeCommand<Id extends `nudge-${string}`>(id: Id, key: string, label: string, shift: boolean) {
  return {
    id,
    label: `${label} ${shift ? '10 units' : '1 unit'}`,
    keys: [shift ? `shift+${key}` : key],
    isEnabled: hasMovableSelection,
    run: (editor: BuilderEditor) => editor.nudge(key, shift),
  };
}

export const EDIT_COMMANDS: Pick<BuilderCommandTable, keyof EditCommandArgs> = {
  undo: {
    id: 'undo',
    label: 'Undo',
    keys: ['mod+z'],
    isEnabled: (editor) => editor.getState().canUndo,
    run: (editor) => editor.undo(),
  },
  redo: {
    id: 'redo',
    label: 'Redo',
    keys: ['mod+shift+z'],
    isEnabled: (editor) => editor.getState().canRedo,
    run: (editor) => editor.redo(),
  },
  delete: {
    id: 'delete',
    label: 'Delete',
    keys: ['Delete', 'Backspace'],
    isEnabled: (editor) => hasSelection(editor) && !editor.editingText,
    run: (editor) => editor.deleteSelection(),
  },
  copy: {
    id: 'copy',
    label: 'Copy',
    keys: ['mod+c'],
    isEnabled: hasSelection,
    run: (editor) => editor.copy(),
  },
  paste: {
    id: 'paste',
    label: 'Paste',
    keys: ['mod+v'],
    isEnabled: (editor) => editor.getState().canPaste,
    run: (editor) => editor.paste(),
  },
  'zoom-out': {
    id: 'zoom-out',
    ownsKeys: true,
    label: 'Zoom out',
    keys: ['mod+minus'],
    isEnabled: (editor) => editor.canZoomOut,
    run: (editor) => editor.zoomOut(),
  },
  'zoom-in': {
    id: 'zoom-in',
    ownsKeys: true,
    label: 'Zoom in',
    // mod+plus: ctrl/cmd and the + the user sees (shift+= on a US keyboard, the keypad, a layout's own +).
    keys: ['mod+equals', 'mod+plus'],
    isEnabled: (editor) => editor.canZoomIn,
    run: (editor) => editor.zoomIn(),
  },
  'zoom-reset': {
    id: 'zoom-reset',
    ownsKeys: true,
    label: 'Reset zoom',
    keys: ['mod+0'],
    isEnabled: (editor) => editor.zoom !== 1,
    run: (editor) => editor.resetZoom(),
  },
  'nudge-left': nudgeCommand('nudge-left', 'ArrowLeft', 'Move left', false),
  'nudge-right': nudgeCommand('nudge-right', 'ArrowRight', 'Move right', false),
  'nudge-up': nudgeCommand('nudge-up', 'ArrowUp', 'Move up', false),
  'nudge-down': nudgeCommand('nudge-down', 'ArrowDown', 'Move down', false),
  'nudge-left-10': nudgeCommand('nudge-left-10', 'ArrowLeft', 'Move left', true),
  'nudge-right-10': nudgeCommand('nudge-right-10', 'ArrowRight', 'Move right', true),
  'nudge-up-10': nudgeCommand('nudge-up-10', 'ArrowUp', 'Move up', true),
  'nudge-down-10': nudgeCommand('nudge-down-10', 'ArrowDown', 'Move down', true),
};
