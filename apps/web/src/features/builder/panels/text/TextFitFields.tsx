import { Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import { TextFitSizes, browserFontSource } from '../../engine/text-fit';
import type { TextFit, TextLayer } from '../../model/index.js';
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
 * A size of the fit: typed freely, applied on blur or Enter as one undo step when above 0. A draft
 * belongs to the value it was typed over, so a change from elsewhere (undo) shows the new value.
 */
function FitNumberField({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: number;
  onCommit: (value: number) => void;
}) {
  const [draft, setDraft] = useState<{ over: number; text: string | number }>({ over: value, text: value });
  const shown = draft.over === value ? draft.text : value;
  const commit = () => {
    const next = typeof shown === 'number' ? shown : Number(shown);
    if (Number.isFinite(next) && next > 0 && next !== value) onCommit(next);
    else setDraft({ over: value, text: value });
  };
  return (
    <NumberInput
      size="xs"
      label={label}
      value={shown}
      min={0}
      step={1}
      decimalScale={2}
      onChange={(text) => setDraft({ over: value, text })}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

/**
 * Text auto-fit (issue 6, Deliver 8): shrink the text to fit its box, down to a minimum size. The
 * canvas and the render draw the same size (engine/text-fit.ts). Rendered by TextProperties.
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
          <Group gap="xs" grow>
            <FitNumberField
              label="Box height"
              value={fit.height}
              onCommit={(height) => update({ ...fit, height })}
            />
            <FitNumberField
              label="Minimum size"
              value={fit.minFontSize}
              onCommit={(minFontSize) => update({ ...fit, minFontSize })}
            />
          </Group>
          <Text size="xs" c="dimmed" data-testid="text-fit-note">
            {fitNote(layer, drawnSize)}
          </Text>
        </>
      )}
    </Stack>
  );
}
