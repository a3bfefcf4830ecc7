import { useMemo, useSyncExternalStore } from 'react';
import type { BuilderEditor, EditorState } from '../../engine/BuilderEditor';
import { drawnTextBoxesOf } from '../../engine/text-boxes';
import { shallowEqual, useEditorState } from '../../engine/useEditorState';
import { textOverflows, type DrawnTextBox, type TextOverflow } from '../../layers/text/overflow.js';
import type { ModelLayer, TextLayer } from '../../model/index.js';

/** The canvas's size, for the overflow rules. */
export const selectCanvasSize = ({ model }: EditorState) => ({ width: model.width, height: model.height });

/** How a text leaves its room as the canvas draws it now (none for another kind, or before it is drawn). */
export function useTextOverflows(
  editor: BuilderEditor,
  layer: ModelLayer,
): { text: TextLayer; drawn: DrawnTextBox; overflows: TextOverflow[] } | null {
  const boxes = drawnTextBoxesOf(editor);
  const drawn = useSyncExternalStore(boxes.subscribe, () => boxes.get(layer.uid));
  const canvas = useEditorState(editor, selectCanvasSize, shallowEqual);
  return useMemo(() => {
    if (layer.kind !== 'text' || drawn === undefined) return null;
    const overflows = textOverflows(layer, drawn, canvas);
    return overflows.length === 0 ? null : { text: layer, drawn, overflows };
  }, [layer, drawn, canvas]);
}
