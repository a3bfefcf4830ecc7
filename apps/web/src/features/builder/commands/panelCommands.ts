/**
 * What the panels do, as commands (registry.ts): selecting, adding, changing, locking, hiding, ordering,
 * renaming and removing layers, the document settings, the safe zone, the tags, loading and saving. Each
 * runs through the editor's own change functions (one undo step each, unless inside an edit step).
 */
import type { BuilderEditor } from '../engine/BuilderEditor';
import type { PanelCommandArgs } from './commandArgs';
import type { BuilderCommand, BuilderCommandTable } from './registry';

const always = () => true;

/** A command without a shortcut that is always enabled. */
function panelCommand<Id extends keyof PanelCommandArgs>(
  id: Id,
  label: string,
  run: (editor: BuilderEditor, args: PanelCommandArgs[Id]) => boolean | void,
): BuilderCommand<PanelCommandArgs[Id]> & { readonly id: Id } {
  return { id, label, keys: [], isEnabled: always, run };
}

export const PANEL_COMMANDS: Pick<BuilderCommandTable, keyof PanelCommandArgs> = {
  'select-layers': panelCommand('select-layers', 'Select', (editor, { uids }) => editor.select(uids)),
  'add-layers': panelCommand('add-layers', 'Add', (editor, { layers, index }) =>
    editor.addLayers(layers, index === undefined ? {} : { index }),
  ),
  'update-layer': panelCommand('update-layer', 'Change', (editor, { uid, patch }) =>
    editor.updateLayer(uid, patch),
  ),
  'set-layer-data': panelCommand('set-layer-data', 'Change layer data', (editor, { uid, patch }) =>
    editor.setLayerData(uid, patch),
  ),
  'update-layer-thumbnail': panelCommand('update-layer-thumbnail', 'Update thumbnail', (editor, { uid }) =>
    editor.updateLayerThumbnail(uid),
  ),
  'rename-layer': panelCommand('rename-layer', 'Rename', (editor, { uid, name }) =>
    editor.renameLayer(uid, name),
  ),
  'set-layers-locked': panelCommand('set-layers-locked', 'Lock', (editor, { uids, locked }) =>
    editor.setLocked(uids, locked),
  ),
  'set-layers-hidden': panelCommand('set-layers-hidden', 'Hide', (editor, { uids, hidden }) =>
    editor.setHidden(uids, hidden),
  ),
  'move-layer': panelCommand('move-layer', 'Move', (editor, { uid, direction }) =>
    editor.moveLayer(uid, direction),
  ),
  'move-layer-to': panelCommand('move-layer-to', 'Reorder', (editor, { uid, index }) =>
    editor.moveLayerTo(uid, index),
  ),
  'move-group-member': panelCommand('move-group-member', 'Reorder member', (editor, args) =>
    editor.moveGroupMember(args.groupUid, args.uid, args.index),
  ),
  'remove-layers': panelCommand('remove-layers', 'Delete', (editor, { uids }) => editor.removeLayers(uids)),
  'set-document': panelCommand('set-document', 'Change the document', (editor, settings) =>
    editor.setDocument(settings),
  ),
  'set-safe-zone': panelCommand('set-safe-zone', 'Safe zone', (editor, { zone }) => editor.setSafeZone(zone)),
  'set-tags': panelCommand('set-tags', 'Tags', (editor, { tags }) => editor.setTags(tags)),
  'clear-error': panelCommand('clear-error', 'Close', (editor) => editor.clearError()),
  'start-edit-step': panelCommand('start-edit-step', 'Start an edit', (editor) => editor.mark()),
  'end-edit-step': panelCommand('end-edit-step', 'End an edit', (editor) => editor.commit()),
  'load-template': panelCommand('load-template', 'Open', (editor, { svg, tags, name }) =>
    editor.load(svg, tags, name),
  ),
  'new-template': panelCommand('new-template', 'New template', (editor) => editor.loadNew()),
  'template-saved': panelCommand('template-saved', 'Saved', (editor, { tags, model }) => {
    editor.tagsSaved(tags);
    // Only what was sent is saved: an edit made while saving keeps the document dirty.
    if (editor.model === model) editor.markSaved();
  }),
};
