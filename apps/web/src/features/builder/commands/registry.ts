/**
 * The builder's command registry (ARCHITECTURE.md, `commands/`; STYLE.md: one registered action per
 * command). Toolbar buttons, menus, the keyboard handler and the tests all run commands through it.
 */
import type { BuilderEditor } from '../engine/BuilderEditor';
import { normalizeCombo } from './keys';

export interface BuilderCommand {
  readonly id: string;
  readonly label: string;
  /** Key combinations (see keys.ts); empty for commands without a shortcut. */
  readonly keys: readonly string[];
  /**
   * Keep the browser's own meaning of the keys away even when the command is disabled (ctrl+plus would
   * zoom the whole page). Otherwise a disabled command leaves the key to the browser (ctrl+c copies the
   * page's selected text).
   */
  readonly ownsKeys?: boolean;
  isEnabled(editor: BuilderEditor): boolean;
  run(editor: BuilderEditor): void;
}

const hasSelection = (editor: BuilderEditor) => editor.selectedLayers().length > 0;
const hasMovableSelection = (editor: BuilderEditor) => editor.selectedLayers().some((layer) => !layer.locked);

function nudgeCommand(key: string, label: string, shift: boolean): BuilderCommand {
  return {
    id: `nudge-${key.replace('Arrow', '').toLowerCase()}${shift ? '-10' : ''}`,
    label: `${label} ${shift ? '10 units' : '1 unit'}`,
    keys: [shift ? `shift+${key}` : key],
    isEnabled: hasMovableSelection,
    run: (editor) => editor.nudge(key, shift),
  };
}

/** Every command, with the spec's shortcuts (section 2, template builder screen). */
export const BUILDER_COMMANDS: readonly BuilderCommand[] = [
  {
    id: 'undo',
    label: 'Undo',
    keys: ['mod+z'],
    isEnabled: (editor) => editor.getState().canUndo,
    run: (editor) => editor.undo(),
  },
  {
    id: 'redo',
    label: 'Redo',
    keys: ['mod+shift+z'],
    isEnabled: (editor) => editor.getState().canRedo,
    run: (editor) => editor.redo(),
  },
  {
    id: 'delete',
    label: 'Delete',
    keys: ['Delete', 'Backspace'],
    isEnabled: (editor) => hasSelection(editor) && !editor.editingText,
    run: (editor) => editor.deleteSelection(),
  },
  {
    id: 'copy',
    label: 'Copy',
    keys: ['mod+c'],
    isEnabled: hasSelection,
    run: (editor) => editor.copy(),
  },
  {
    id: 'paste',
    label: 'Paste',
    keys: ['mod+v'],
    isEnabled: (editor) => editor.getState().canPaste,
    run: (editor) => editor.paste(),
  },
  {
    id: 'zoom-out',
    ownsKeys: true,
    label: 'Zoom out',
    keys: ['mod+minus'],
    isEnabled: (editor) => editor.canZoomOut,
    run: (editor) => editor.zoomOut(),
  },
  {
    id: 'zoom-in',
    ownsKeys: true,
    label: 'Zoom in',
    keys: ['mod+equals'],
    isEnabled: (editor) => editor.canZoomIn,
    run: (editor) => editor.zoomIn(),
  },
  {
    id: 'zoom-reset',
    ownsKeys: true,
    label: 'Reset zoom',
    keys: ['mod+0'],
    isEnabled: (editor) => editor.zoom !== 1,
    run: (editor) => editor.resetZoom(),
  },
  nudgeCommand('ArrowLeft', 'Move left', false),
  nudgeCommand('ArrowRight', 'Move right', false),
  nudgeCommand('ArrowUp', 'Move up', false),
  nudgeCommand('ArrowDown', 'Move down', false),
  nudgeCommand('ArrowLeft', 'Move left', true),
  nudgeCommand('ArrowRight', 'Move right', true),
  nudgeCommand('ArrowUp', 'Move up', true),
  nudgeCommand('ArrowDown', 'Move down', true),
];

export type BuilderCommandId = (typeof BUILDER_COMMANDS)[number]['id'];

/** The command with this id; throws for an unknown id (a typo in a panel). */
export function getCommand(id: string, commands = BUILDER_COMMANDS): BuilderCommand {
  const command = commands.find((candidate) => candidate.id === id);
  if (!command) throw new RangeError(`There is no builder command '${id}'`);
  return command;
}

/** Runs a command when it is enabled; returns whether it ran. */
export function runCommand(editor: BuilderEditor, id: string, commands = BUILDER_COMMANDS): boolean {
  const command = getCommand(id, commands);
  if (!command.isEnabled(editor)) return false;
  command.run(editor);
  return true;
}

/** Each canonical key combination and the commands it runs (a combination with two is a bug). */
export function keyMap(commands = BUILDER_COMMANDS): Map<string, BuilderCommand[]> {
  const map = new Map<string, BuilderCommand[]>();
  for (const command of commands) {
    for (const combo of command.keys) {
      const key = normalizeCombo(combo);
      map.set(key, [...(map.get(key) ?? []), command]);
    }
  }
  return map;
}
