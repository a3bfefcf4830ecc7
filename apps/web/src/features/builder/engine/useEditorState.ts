import { useCallback, useSyncExternalStore } from 'react';
import type { BuilderEditor, EditorState } from './BuilderEditor';

/** A part of the editor's state; the component renders again when it changes (compared with Object.is). */
export function useEditorState<T>(editor: BuilderEditor, selector: (state: EditorState) => T): T {
  const getSnapshot = useCallback(() => selector(editor.getState()), [editor, selector]);
  return useSyncExternalStore(editor.subscribe, getSnapshot);
}
