import { Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import type { BuilderEditor, EditorState } from '../../engine/BuilderEditor';
import { useEditorState } from '../../engine/useEditorState';
import type { LayerPatch, ModelLayer } from '../../model/index.js';
import { ColorField } from '../color/ColorField';
import {
  CANVAS_SIZE,
  hasFill,
  hasStroke,
  opacityFromPercent,
  opacityPercent,
  resizeCanvas,
  type CanvasSize,
} from './styleValues';
import { useEditStep } from '../useEditStep';
import { runCommand } from '../../commands/registry';

/** A colour field whose edits (typing, dragging, swatches) are one undo step. */
export function PaintField({
  editor,
  label,
  value,
  onChange,
  onClear,
}: {
  editor: BuilderEditor;
  label: string;
  value: string | null;
  onChange: (value: string) => void;
  onClear?: () => void;
}) {
  const step = useEditStep(editor);
  return (
    <ColorField
      label={label}
      value={value}
      onChange={onChange}
      onPreview={onChange}
      onClear={onClear}
      onEditStart={step.start}
      onEditEnd={step.end}
    />
  );
}

/**
 * A number field whose edits are one undo step; values outside min to max are shown while typed and
 * applied only once they fit (the field clamps on blur).
 */
function StepNumberField({
  editor,
  label,
  value,
  min,
  max,
  suffix,
  decimals = 2,
  onStart,
  onChange,
}: {
  editor: BuilderEditor;
  label: string;
  value: number;
  min: number;
  max?: number;
  suffix?: string;
  /** Decimals allowed (default 2; 0 for whole units). */
  decimals?: number;
  onStart?: () => void;
  onChange: (value: number) => void;
}) {
  const step = useEditStep(editor);
  const [draft, setDraft] = useState<string | number | null>(null);
  return (
    <NumberInput
      size="xs"
      label={label}
      value={draft ?? value}
      min={min}
      max={max}
      suffix={suffix}
      decimalScale={decimals}
      allowDecimal={decimals > 0}
      clampBehavior="blur"
      w={110}
      onFocus={() => {
        onStart?.();
        step.start();
        setDraft(value);
      }}
      onChange={(next) => {
        setDraft(next);
        if (typeof next !== 'number' || !Number.isFinite(next)) return;
        if (next < min || (max !== undefined && next > max)) return;
        if (next !== value) onChange(next);
      }}
      onBlur={() => {
        setDraft(null);
        step.end();
      }}
    />
  );
}

/** The paint of a shape or widget: fill, stroke, stroke width, corner radius, opacity, rating colours. */
export function StyleProperties({ editor, layer }: { editor: BuilderEditor; layer: ModelLayer }) {
  const update = (patch: LayerPatch) => runCommand(editor, 'update-layer', { uid: layer.uid, patch });
  return (
    <Stack gap="xs" aria-label="Style">
      {hasFill(layer.kind) && 'fill' in layer && (
        <PaintField
          editor={editor}
          label="Fill"
          value={layer.fill}
          onChange={(fill) => update({ fill })}
          onClear={() => update({ fill: null })}
        />
      )}
      {hasStroke(layer.kind) && 'stroke' in layer && (
        <>
          <PaintField
            editor={editor}
            label="Stroke"
            value={layer.stroke}
            onChange={(stroke) => update({ stroke })}
            onClear={() => update({ stroke: null })}
          />
          <StepNumberField
            editor={editor}
            label="Stroke width"
            value={layer.strokeWidth}
            min={0}
            onChange={(strokeWidth) => update({ strokeWidth })}
          />
        </>
      )}
      {layer.kind === 'rating' && (
        <>
          <PaintField
            editor={editor}
            label="Filled stars"
            value={layer.filledColor}
            onChange={(filledColor) => update({ filledColor })}
          />
          <PaintField
            editor={editor}
            label="Empty stars"
            value={layer.emptyColor}
            onChange={(emptyColor) => update({ emptyColor })}
          />
        </>
      )}
      <Group gap="xs">
        {layer.kind === 'rect' && (
          <StepNumberField
            editor={editor}
            label="Corner radius"
            value={layer.rx}
            min={0}
            onChange={(radius) => update({ rx: radius, ry: radius })}
          />
        )}
        <StepNumberField
          editor={editor}
          label="Opacity"
          value={opacityPercent(layer.opacity)}
          min={0}
          max={100}
          suffix="%"
          onChange={(percent) => update({ opacity: opacityFromPercent(percent) })}
        />
      </Group>
    </Stack>
  );
}

const selectModel = (state: EditorState) => state.model;

/**
 * The document settings, shown when nothing is selected: the canvas background colour and size (spec
 * section 9: 50 to 3000), with its proportions kept when asked.
 */
export function CanvasProperties({ editor }: { editor: BuilderEditor }) {
  const model = useEditorState(editor, selectModel);
  // The size when an edit of width or height began: the kept proportions are those, not each keystroke's.
  const base = useRef<CanvasSize>({ width: model.width, height: model.height });
  const startSize = () => {
    base.current = { width: editor.model.width, height: editor.model.height };
  };
  const resize = (side: 'width' | 'height', value: number) =>
    runCommand(
      editor,
      'set-document',
      resizeCanvas(base.current, { side, value }, model.constrainProportions),
    );
  return (
    <Stack gap="xs" aria-label="Canvas">
      <Text size="sm" fw={600}>
        Canvas
      </Text>
      <PaintField
        editor={editor}
        label="Background"
        value={model.backgroundColor}
        onChange={(backgroundColor) => runCommand(editor, 'set-document', { backgroundColor })}
      />
      <Group gap="xs">
        <StepNumberField
          editor={editor}
          label="Width"
          value={model.width}
          min={CANVAS_SIZE.min}
          max={CANVAS_SIZE.max}
          decimals={0}
          onStart={startSize}
          onChange={(width) => resize('width', width)}
        />
        <StepNumberField
          editor={editor}
          label="Height"
          value={model.height}
          min={CANVAS_SIZE.min}
          max={CANVAS_SIZE.max}
          decimals={0}
          onStart={startSize}
          onChange={(height) => resize('height', height)}
        />
      </Group>
      <Checkbox
        size="xs"
        label="Keep proportions"
        checked={model.constrainProportions}
        onChange={(event) =>
          runCommand(editor, 'set-document', { constrainProportions: event.currentTarget.checked })
        }
      />
    </Stack>
  );
}
