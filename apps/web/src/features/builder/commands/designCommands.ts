/**
 * Keyboard habits of Canva and Figma on top of the spec's shortcuts (issue 16): Esc deselects, ctrl/cmd+a
 * selects every layer (never the page's text), ctrl/cmd+d duplicates (never the browser's bookmark),
 * ctrl/cmd+g groups and ctrl/cmd+shift+g ungroups, `[` and `]` move the selection one step backward or
 * forward, with shift to the back or front. Each is one undo step.
 */
import type { BuilderEditor } from '../engine/BuilderEditor';
import { PASTE_OFFSET } from '../engine/BuilderEditor';
import {
  arrangeLayers,
  duplicateLayers,
  groupableLayers,
  groupLayers,
  ungroupLayers,
  type Arrangement,
} from '../model/index.js';
import type { DesignCommandArgs } from './commandArgs';
import type { BuilderCommandTable } from './registry';

const hasSelection = (editor: BuilderEditor) => editor.selection.length > 0;

/** The layers ctrl/cmd+a selects: the top-level ones that can be selected (not locked) and are shown. */
function selectableLayers(editor: BuilderEditor): string[] {
  return editor.model.layers.filter((layer) => !layer.locked && !layer.hidden).map((layer) => layer.uid);
}

/** Runs a change that returns new layers' uids as one step, then selects them. */
function changeAndSelect(
  editor: BuilderEditor,
  change: (model: BuilderEditor['model']) => { model: BuilderEditor['model']; uids: readonly string[] },
): boolean {
  let uids: readonly string[] = [];
  const applied = editor.change((model) => {
    const result = change(model);
    uids = result.uids;
    return result.model;
  });
  if (applied && uids.length > 0) editor.select(uids);
  return applied && uids.length > 0;
}

function arrangeCommand<Id extends keyof DesignCommandArgs>(
  id: Id,
  label: string,
  keys: string[],
  how: Arrangement,
) {
  return {
    id,
    label,
    keys,
    isEnabled: hasSelection,
    run: (editor: BuilderEditor) => editor.change((model) => arrangeLayers(model, editor.selection, how)),
  };
}

export const DESIGN_COMMANDS: Pick<BuilderCommandTable, keyof DesignCommandArgs> = {
  deselect: {
    id: 'deselect',
    label: 'Deselect',
    keys: ['Escape'],
    isEnabled: hasSelection,
    run: (editor) => editor.select([]),
  },
  'select-all': {
    id: 'select-all',
    // The page's text is never what ctrl/cmd+a means in the builder.
    ownsKeys: true,
    label: 'Select all layers',
    keys: ['mod+a'],
    isEnabled: (editor) => selectableLayers(editor).length > 0,
    run: (editor) => editor.select(selectableLayers(editor)),
  },
  duplicate: {
    id: 'duplicate',
    // Not the browser's "bookmark this page".
    ownsKeys: true,
    label: 'Duplicate',
    keys: ['mod+d'],
    isEnabled: hasSelection,
    run: (editor) =>
      changeAndSelect(editor, (model) => {
        const copies = duplicateLayers(model, editor.selection, { offset: PASTE_OFFSET });
        return { model: copies.model, uids: copies.uids };
      }),
  },
  group: {
    id: 'group',
    // Not the browser's "find next".
    ownsKeys: true,
    label: 'Group',
    keys: ['mod+g'],
    isEnabled: (editor) => groupableLayers(editor.model, editor.selection).length >= 2,
    run: (editor) =>
      changeAndSelect(editor, (model) => {
        const grouped = groupLayers(model, editor.selection);
        return { model: grouped.model, uids: grouped.groupUid === null ? [] : [grouped.groupUid] };
      }),
  },
  ungroup: {
    id: 'ungroup',
    ownsKeys: true,
    label: 'Ungroup',
    keys: ['mod+shift+g'],
    isEnabled: (editor) => editor.selectedLayers().some((layer) => layer.kind === 'group'),
    run: (editor) =>
      changeAndSelect(editor, (model) => {
        const ungrouped = ungroupLayers(model, editor.selection);
        return { model: ungrouped.model, uids: ungrouped.memberUids };
      }),
  },
  'bring-forward': arrangeCommand('bring-forward', 'Bring forward', [']', 'mod+]'], 'forward'),
  'send-backward': arrangeCommand('send-backward', 'Send backward', ['[', 'mod+['], 'backward'),
  'bring-to-front': arrangeCommand('bring-to-front', 'Bring to front', ['shift+]', 'mod+shift+]'], 'front'),
  'send-to-back': arrangeCommand('send-to-back', 'Send to back', ['shift+[', 'mod+shift+['], 'back'),
};
