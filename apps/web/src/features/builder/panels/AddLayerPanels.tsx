import { Button, Stack, Text } from '@mantine/core';
import {
  createEllipseLayer,
  createLineLayer,
  createRatingLayer,
  createRectLayer,
  createTextLayer,
  type ModelLayer,
} from '../model/index.js';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { newLayerPlace } from '../geometry/viewport';
import { runCommand } from '../commands/registry';

type Place = { left: number; top: number };

/**
 * Where a new layer made by `make` lands: centred on the visible part of the canvas, 20 further right and
 * down for as long as the one added before is still where it landed (geometry/viewport.ts).
 */
function place(editor: BuilderEditor, make: (at: Place) => ModelLayer): Place {
  const probe = make({ left: 0, top: 0 });
  return newLayerPlace(
    { width: probe.width * probe.scaleX, height: probe.height * probe.scaleY },
    editor.workspace.visibleCentre(),
    editor.model.layers,
  );
}

/**
 * A button label wraps onto a second line rather than being cut off in a narrow panel (Mantine's buttons
 * keep one line and hide the rest).
 */
export const WRAPPING_BUTTON = {
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 } },
} as const;

export function AddButton({ label, onAdd }: { label: string; onAdd: () => void }) {
  return (
    <Button variant="default" justify="flex-start" onClick={onAdd} {...WRAPPING_BUTTON}>
      {label}
    </Button>
  );
}

export function add(editor: BuilderEditor, make: (at: Place) => ModelLayer) {
  return () => runCommand(editor, 'add-layers', { layers: [make(place(editor, make))] });
}

/** SHAPES: rectangle, ellipse and line. */
export function ShapesPanel({ editor }: { editor: BuilderEditor }) {
  return (
    <Stack gap="xs">
      <AddButton
        label="Rectangle"
        onAdd={add(editor, (at) => createRectLayer({ ...at, width: 200, height: 200 }))}
      />
      <AddButton
        label="Ellipse"
        onAdd={add(editor, (at) => createEllipseLayer({ ...at, width: 200, height: 200 }))}
      />
      <AddButton label="Line" onAdd={add(editor, (at) => createLineLayer(at))} />
    </Stack>
  );
}

/** TEXT: a text box with the spec's default font (Open Sans, 64, weight 400, centred). */
export function TextPanel({ editor }: { editor: BuilderEditor }) {
  return (
    <Stack gap="xs">
      <AddButton label="Text" onAdd={add(editor, (at) => createTextLayer(at))} />
      <Text size="xs" c="dimmed">
        Double-click a text on the canvas to edit it; {'{placeholders}'} such as {'{title}'} are filled per
        item.
      </Text>
    </Stack>
  );
}

/** WIDGETS: the star rating. */
export function WidgetsPanel({ editor }: { editor: BuilderEditor }) {
  return (
    <Stack gap="xs">
      <AddButton label="Star Rating" onAdd={add(editor, (at) => createRatingLayer(at))} />
    </Stack>
  );
}
