import { Alert, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { BuilderEditor, EditorState } from '../engine/BuilderEditor';
import { shallowEqual, useEditorState } from '../engine/useEditorState';
import { findLayer, type LayerPatch, type ModelLayer } from '../model/index.js';
import { LayerDataSettings } from './layer-data/LayerDataSettings';
import { CanvasProperties, StyleProperties } from './style/StyleProperties';
import { TextProperties } from './text/TextProperties';
import { runCommand } from '../commands/registry';

function NumberField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <NumberInput
      size="xs"
      label={label}
      value={value}
      decimalScale={2}
      onChange={(next) => {
        if (typeof next === 'number' && Number.isFinite(next)) onChange(next);
      }}
      w={90}
    />
  );
}

function LayerProperties({ editor, layer }: { editor: BuilderEditor; layer: ModelLayer }) {
  const update = (patch: LayerPatch) => runCommand(editor, 'update-layer', { uid: layer.uid, patch });
  return (
    <Stack gap="xs" aria-label="Properties">
      <Text size="sm" fw={600}>
        {layer.data.name}
      </Text>
      <Group gap="xs">
        <NumberField label="X" value={layer.left} onChange={(left) => update({ left })} />
        <NumberField label="Y" value={layer.top} onChange={(top) => update({ top })} />
      </Group>
      {(layer.kind === 'rect' ||
        layer.kind === 'ellipse' ||
        layer.kind === 'image' ||
        layer.kind === 'rating') && (
        <Group gap="xs">
          <NumberField label="Width" value={layer.width} onChange={(width) => update({ width })} />
          <NumberField label="Height" value={layer.height} onChange={(height) => update({ height })} />
        </Group>
      )}
      {layer.kind === 'text' && <TextProperties editor={editor} layer={layer} />}
      {layer.kind === 'rating' && (
        <NumberField label="Preview rating" value={layer.value} onChange={(value) => update({ value })} />
      )}
      <StyleProperties editor={editor} layer={layer} />
      <LayerDataSettings editor={editor} layer={layer} />
    </Stack>
  );
}

/** The one selected layer (undefined for none or several), how many are selected, and the error. */
const selectProperties = ({ model, selection, error }: EditorState) => ({
  layer: selection.length === 1 ? findLayer(model, selection[0]!) : undefined,
  selected: selection.length,
  error,
});

/** The selection's properties (position, size, the kind's own fields) and the editor error. */
export function PropertiesPanel({ editor }: { editor: BuilderEditor }) {
  const { layer, selected, error } = useEditorState(editor, selectProperties, shallowEqual);
  return (
    <Stack gap="sm">
      {error && (
        <Alert
          color="red"
          role="alert"
          title="Editor error"
          withCloseButton
          onClose={() => runCommand(editor, 'clear-error')}
        >
          {error}
        </Alert>
      )}
      {layer ? (
        <LayerProperties key={layer.uid} editor={editor} layer={layer} />
      ) : (
        <Text size="sm" c="dimmed">
          {selected > 1 ? `${selected} layers selected` : 'Select a layer to see its properties.'}
        </Text>
      )}
      {selected === 0 && <CanvasProperties editor={editor} />}
    </Stack>
  );
}
