import type { BuilderEditor } from './BuilderEditor';

/**
 * A value kept beside each editor, made on first use and dropped with the editor: the small stores the
 * canvas, the screen and the panels share (drawn text boxes, vanishing layers, image imports).
 */
export function perEditor<T>(make: () => T): (editor: BuilderEditor) => T {
  const values = new WeakMap<BuilderEditor, T>();
  return (editor) => {
    let value = values.get(editor);
    if (value === undefined) {
      value = make();
      values.set(editor, value);
    }
    return value;
  };
}
