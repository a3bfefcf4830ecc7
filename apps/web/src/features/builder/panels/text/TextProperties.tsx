import { TextInput } from '@mantine/core';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import type { TextLayer } from '../../model/index.js';

/** The properties of a text layer: its template string, font, weight, size, alignment and colour. */
export function TextProperties({ editor, layer }: { editor: BuilderEditor; layer: TextLayer }) {
  return (
    <TextInput
      size="xs"
      label="Text"
      value={layer.text}
      onChange={(event) => editor.updateLayer(layer.uid, { text: event.currentTarget.value })}
    />
  );
}
