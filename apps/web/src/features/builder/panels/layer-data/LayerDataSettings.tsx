import {
  Button,
  Divider,
  Group,
  Image,
  Input,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  type ComboboxItem,
} from '@mantine/core';
import {
  HORIZONTAL_ALIGNMENTS,
  VERTICAL_ALIGNMENTS,
  type DynamicLayerType,
  type HorizontalAlignment,
  type LayerData,
  type VerticalAlignment,
} from '@adloom/template';
import { useState } from 'react';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import type { ModelLayer } from '../../model/index.js';
import { BatchedNumberInput, BatchedTextInput, FlagSwitch } from './fields';
import { DYNAMIC_LAYER_TYPE_LABELS, RATING_WIDGET_LABEL, layerDataFields } from './layerRoles';
import { useRoleLabels } from './roleLabels';
import { runCommand } from '../../commands/registry';

const NONE = 'NONE';

const titleCase = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();

/** The layer's name (spec: Layer data `name`): saved on Enter or leaving the field, Escape puts it back. */
function LayerNameInput({ editor, layer }: { editor: BuilderEditor; layer: ModelLayer }) {
  const [typed, setTyped] = useState<string | null>(null);
  const save = () => {
    if (typed !== null && typed !== layer.data.name)
      runCommand(editor, 'rename-layer', { uid: layer.uid, name: typed });
    setTyped(null);
  };
  return (
    <TextInput
      size="xs"
      label="Layer name"
      value={typed ?? layer.data.name}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
        if (event.key === 'Escape') setTyped(null);
      }}
    />
  );
}

/** Layer data `thumbnail`: a small picture of the layer for the layers list, taken from the canvas. */
function ThumbnailField({ editor, layer }: { editor: BuilderEditor; layer: ModelLayer }) {
  const { thumbnail, name } = layer.data;
  // The canvas draws top-level layers on their own; a group member is drawn with its group.
  if (!editor.model.layers.some((top) => top.uid === layer.uid)) return null;
  return (
    <Input.Wrapper size="xs" label="Thumbnail" description="A small picture of the layer in the layers list">
      <Group gap="xs" mt={4}>
        {thumbnail !== null && (
          <Image src={thumbnail} alt={`Thumbnail of ${name}`} w={48} h={48} fit="contain" />
        )}
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => runCommand(editor, 'update-layer-thumbnail', { uid: layer.uid })}
        >
          {thumbnail === null ? 'Take thumbnail' : 'Update thumbnail'}
        </Button>
        {thumbnail !== null && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() =>
              runCommand(editor, 'set-layer-data', { uid: layer.uid, patch: { thumbnail: null } })
            }
          >
            Remove thumbnail
          </Button>
        )}
      </Group>
    </Input.Wrapper>
  );
}

function AlignmentControl<T extends string>({
  label,
  values,
  value,
  onChange,
}: {
  label: string;
  values: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <Input.Wrapper size="xs" label={label}>
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label={label}
        data={values.map((item) => ({ value: item, label: titleCase(item) }))}
        value={value}
        onChange={(next) => onChange(next as T)}
      />
    </Input.Wrapper>
  );
}

/**
 * The layer's dynamic settings: every field of the spec's 'Layer data' (section 3) that fits its kind
 * and role (template-format.md section 2). Each change is one undo step; a role that does not fit is
 * refused by the model and its reason shown as the editor error.
 */
export function LayerDataSettings({ editor, layer }: { editor: BuilderEditor; layer: ModelLayer }) {
  const { data } = layer;
  const fields = layerDataFields(layer);
  // The slot in words ('Product image 1 (fit)'), numbered in input order.
  const roleLabel = useRoleLabels(editor).get(layer.id) ?? null;
  const set = (patch: Partial<LayerData>) => runCommand(editor, 'set-layer-data', { uid: layer.uid, patch });
  const typeOptions: ComboboxItem[] = [
    { value: NONE, label: 'None' },
    ...fields.dynamicLayerTypes.map((type) => ({ value: type, label: DYNAMIC_LAYER_TYPE_LABELS[type] })),
  ];

  return (
    <Stack gap="xs" aria-label="Layer data">
      <Divider label="Layer data" labelPosition="left" />
      <LayerNameInput key={`${layer.uid}:${data.name}`} editor={editor} layer={layer} />
      <ThumbnailField editor={editor} layer={layer} />

      {fields.dynamicLayerTypes.length > 0 && (
        <Select
          size="xs"
          label="Dynamic layer type"
          description="What each ad puts in this box"
          data={typeOptions}
          value={data.dynamicLayerType ?? NONE}
          allowDeselect={false}
          onChange={(value) =>
            set({ dynamicLayerType: value === null || value === NONE ? null : (value as DynamicLayerType) })
          }
        />
      )}
      {fields.widgetType && <TextInput size="xs" label="Widget type" value={RATING_WIDGET_LABEL} readOnly />}
      {roleLabel !== null && data.dynamicLayerType !== null && (
        <Text size="xs" c="dimmed" data-testid="layer-role-label">
          Shown as {roleLabel}
        </Text>
      )}

      {fields.slot && (
        <>
          <AlignmentControl<HorizontalAlignment>
            label="Horizontal alignment"
            values={HORIZONTAL_ALIGNMENTS}
            value={data.dynamicLayerHorizontalAlignment}
            onChange={(value) => set({ dynamicLayerHorizontalAlignment: value })}
          />
          <AlignmentControl<VerticalAlignment>
            label="Vertical alignment"
            values={VERTICAL_ALIGNMENTS}
            value={data.dynamicLayerVerticalAlignment}
            onChange={(value) => set({ dynamicLayerVerticalAlignment: value })}
          />
          <FlagSwitch
            label="Contain (fit the whole image in the box)"
            description="Off: the image covers the box and is cropped"
            checked={data.isContain}
            onChange={(isContain) => set({ isContain })}
          />
          <FlagSwitch
            label="Remove background"
            checked={data.removeBackground}
            onChange={(removeBackground) => set({ removeBackground })}
          />
          <FlagSwitch
            label="Remove borders"
            checked={data.removeBorders}
            onChange={(removeBorders) => set({ removeBorders })}
          />
          <FlagSwitch
            label="Remove borders (hard)"
            checked={data.removeBordersHard}
            onChange={(removeBordersHard) => set({ removeBordersHard })}
          />
        </>
      )}

      {fields.slideshow && (
        <>
          <BatchedNumberInput
            editor={editor}
            label="Slide duration (seconds)"
            value={data.slideDuration}
            min={0}
            step={0.5}
            onChange={(slideDuration) => set({ slideDuration })}
          />
          <BatchedNumberInput
            editor={editor}
            label="Transition (seconds)"
            value={data.transition}
            min={0}
            step={0.1}
            onChange={(transition) => set({ transition })}
          />
          <BatchedNumberInput
            editor={editor}
            label="Max slides"
            value={data.maxSlides}
            min={1}
            step={1}
            integer
            onChange={(maxSlides) => set({ maxSlides })}
          />
        </>
      )}

      {fields.conditions && (
        <>
          <Text size="xs" fw={500}>
            Show this layer only when
          </Text>
          <FlagSwitch
            label="On sale (is sale)"
            checked={data.isSale}
            onChange={(isSale) => set({ isSale })}
          />
          <FlagSwitch
            label="Stock level less than 10"
            checked={data.stockLevelLessThan10}
            onChange={(stockLevelLessThan10) => set({ stockLevelLessThan10 })}
          />
          <FlagSwitch
            label="Stock level less than 50"
            checked={data.stockLevelLessThan50}
            onChange={(stockLevelLessThan50) => set({ stockLevelLessThan50 })}
          />
        </>
      )}

      {fields.dynamicColor && (
        <>
          <FlagSwitch
            label="Dynamic colour"
            description="Each ad paints this layer in the item's colour"
            checked={data.isDynamicColor}
            onChange={(isDynamicColor) => set({ isDynamicColor })}
          />
          <BatchedTextInput
            editor={editor}
            label="Dynamic colour source"
            description="A metadata key holding the colour; empty: the first input's colour"
            placeholder="inputs[0].color"
            disabled={!data.isDynamicColor}
            value={data.dynamicColorSource}
            onChange={(dynamicColorSource) => set({ dynamicColorSource })}
          />
        </>
      )}
    </Stack>
  );
}
