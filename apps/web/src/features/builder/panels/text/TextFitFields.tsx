import { Stack, Switch, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import { TextFitSizes, browserFontSource } from '../../engine/text-fit';
import type { TextFit, TextLayer } from '../../model/index.js';
import { DraftNumberField } from './DraftNumberField';
import { defaultTextFit, fitNote } from './textFitValues';
import { runCommand } from '../../commands/registry';

/** Fitted sizes for the note, shared by every instance of the control (fonts load once per page). */
const listeners = new Set<() => void>();
let measured = 0;
const fitSizes = new TextFitSizes(browserFontSource, () => {
  measured += 1;
  for (const listener of [...listeners]) listener();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The size the renderer draws the text at (the canvas shows the same); undefined while measuring. */
function useDrawnSize(layer: TextLayer): number | undefined {
  useSyncExternalStore(subscribe, () => measured);
  return fitSizes.sizeOf(layer);
}

/**
 * Text auto-fit (issue 6, Deliver 8): shrink the text to fit its box, down to a minimum size. The
 * canvas and the render draw the same size (engine/text-fit.ts). The box's height is in TextBoxFields
 * (a height turns auto-fit on); this is the switch, the minimum size and the size shown. Rendered by
 * TextProperties.
 */
export function TextFitFields({ editor, layer }: { editor: BuilderEditor; layer: TextLayer }) {
  const { fit } = layer;
  const drawnSize = useDrawnSize(layer);
  const update = (next: TextFit | null) =>
    runCommand(editor, 'update-layer', { uid: layer.uid, patch: { fit: next } });
  return (
    <Stack gap={6} role="group" aria-label="Auto-fit">
      <Switch
        size="xs"
        label="Shrink to fit the box"
        checked={fit !== null}
        onChange={(event) => update(event.currentTarget.checked ? defaultTextFit(layer) : null)}
      />
      {fit && (
        <>
          <DraftNumberField
            label="Minimum size"
            value={fit.minFontSize}
            onCommit={(minFontSize) => {
              if (minFontSize !== null) update({ ...fit, minFontSize });
            }}
          />
          <Text size="xs" c="dimmed" data-testid="text-fit-note">
            {fitNote(layer, drawnSize)}
          </Text>
        </>
      )}
    </Stack>
  );
}
