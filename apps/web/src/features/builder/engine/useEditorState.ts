import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { BuilderEditor, EditorState } from './BuilderEditor';
import type { WorkspaceState } from './workspace';

/** Two selections are alike when they have the same keys with the same values (Object.is). */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/**
 * The slice of the editor's state a panel shows: the component renders again only when the selected
 * value changes, as `isEqual` compares it (Object.is by default; shallowEqual for a selector that builds
 * an object of several parts). Written here rather than taken from use-sync-external-store's
 * with-selector: it is these few lines over React's own useSyncExternalStore.
 */
export function useEditorState<T>(
  editor: BuilderEditor,
  selector: (state: EditorState) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const last = useRef<{ state: EditorState; selector: (state: EditorState) => T; value: T } | null>(null);
  const getSnapshot = useCallback(() => {
    const state = editor.getState();
    const previous = last.current;
    if (previous?.state === state && previous.selector === selector) return previous.value;
    const selected = selector(state);
    const value = previous && isEqual(previous.value, selected) ? previous.value : selected;
    last.current = { state, selector, value };
    return value;
  }, [editor, selector, isEqual]);
  return useSyncExternalStore(editor.subscribe, getSnapshot);
}

/**
 * A value of the editor's workspace (panels, fit, the shortcut sheet); the component renders again when
 * it changes (Object.is: select one value, not a new object).
 */
export function useWorkspace<T>(editor: BuilderEditor, selector: (state: WorkspaceState) => T): T {
  const { workspace } = editor;
  const getSnapshot = useCallback(() => selector(workspace.getState()), [workspace, selector]);
  return useSyncExternalStore(workspace.subscribe, getSnapshot);
}
