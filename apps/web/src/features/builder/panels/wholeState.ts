import type { EditorState } from '../engine/BuilderEditor';

/** The selector of the whole editor state (a stable function, so useSyncExternalStore keeps its snapshot). */
export const wholeState = (state: EditorState): EditorState => state;
