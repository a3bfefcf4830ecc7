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
import { runCommand } from '../commands/registry';

/** A new layer near the top left of the canvas, a little lower for each layer already there. */
function place(editor: BuilderEditor): { left: number; top: number } {
  const offset = 40 + (editor.model.layers.length % 10) * 20;
  return { left: offset, top: offset };
}

export function AddButton({ label, onAdd }: { label: string; onAdd: () => void }) {
  return (
    <Button variant="default" justify="flex-start" onClick={onAdd}>
      {label}
    </Button>
  );
}

export function add(editor: BuilderEditor, make: (at: { left: number; top: number }) => ModelLayer) {
  return () => runCommand(editor, 'add-layers', { layers: [make(place(editor))] });
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
