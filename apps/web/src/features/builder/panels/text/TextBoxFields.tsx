import { Group } from '@mantine/core';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import type { TextLayer } from '../../model/index.js';
import { runCommand } from '../../commands/registry';
import { DraftNumberField } from './DraftNumberField';
import { defaultTextFit } from './textFitValues';

/**
 * The text's box in canvas units (issue 16, item 3): its width (the lines wrap to it, on the canvas as in
 * the render) and an optional height. A height turns on auto-fit (the text shrinks to fit the box, down
 * to its minimum size, TextFitFields); clearing it turns auto-fit off.
 */
export function TextBoxFields({ editor, layer }: { editor: BuilderEditor; layer: TextLayer }) {
  const update = (patch: Partial<Pick<TextLayer, 'width' | 'fit'>>) =>
    runCommand(editor, 'update-layer', { uid: layer.uid, patch });
  return (
    <Group gap="xs" grow role="group" aria-label="Text box">
      <DraftNumberField
        label="Width"
        value={layer.width}
        onCommit={(width) => {
          if (width !== null) update({ width });
        }}
      />
      <DraftNumberField
        label="Height"
        optional
        placeholder="Auto"
        value={layer.fit?.height ?? null}
        onCommit={(height) =>
          update({
            fit: height === null ? null : { ...(layer.fit ?? defaultTextFit(layer)), height },
          })
        }
      />
    </Group>
  );
}
