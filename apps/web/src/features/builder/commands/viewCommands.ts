/**
 * The workspace around the document (engine/workspace.ts): zoom to fit (shift+1, as in Figma), the side
 * panels (ctrl/cmd+\ hides or shows both), the shortcut sheet ('?') and save (ctrl/cmd+s: the Save
 * button's action, never the browser's "Save page as").
 */
import type { BuilderEditor } from '../engine/BuilderEditor';
import type { SidePanel } from '../engine/workspace';
import type { ViewCommandArgs } from './commandArgs';
import type { BuilderCommandTable } from './registry';

function panelToggle<Id extends keyof ViewCommandArgs>(id: Id, label: string, panel: SidePanel) {
  return {
    id,
    label,
    keys: [],
    isEnabled: () => true,
    run: (editor: BuilderEditor) => editor.workspace.togglePanel(panel),
  };
}

export const VIEW_COMMANDS: Pick<BuilderCommandTable, keyof ViewCommandArgs> = {
  'zoom-fit': {
    id: 'zoom-fit',
    label: 'Zoom to fit',
    keys: ['shift+1'],
    isEnabled: (editor) => editor.workspace.getState().viewportReady,
    run: (editor) => editor.workspace.fit(),
  },
  'toggle-left-panel': panelToggle('toggle-left-panel', 'Show or hide the side panel', 'left'),
  'toggle-right-panel': panelToggle('toggle-right-panel', 'Show or hide the properties', 'right'),
  'toggle-panels': {
    id: 'toggle-panels',
    label: 'Show or hide both panels',
    keys: ['mod+\\'],
    isEnabled: () => true,
    run: (editor) => editor.workspace.togglePanels(),
  },
  shortcuts: {
    id: 'shortcuts',
    label: 'Keyboard shortcuts',
    keys: ['?'],
    isEnabled: () => true,
    run: (editor) => editor.workspace.setShortcutsOpen(!editor.workspace.getState().shortcutsOpen),
  },
  save: {
    id: 'save',
    // Never the browser's "Save page as", even while saving is not offered.
    ownsKeys: true,
    label: 'Save',
    keys: ['mod+s'],
    isEnabled: (editor) => editor.workspace.getState().canSave,
    run: (editor) => editor.workspace.save(),
  },
};
