/**
 * The inputs of the layer-data settings. Each change is one undo step; a typed field (a number, a
 * metadata key) is one step from focus to blur, however many keystrokes it took.
 */
import { NumberInput, Switch, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import { useEditStep } from '../useEditStep';

/** A yes/no field: one change per click. */
export function FlagSwitch({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      size="xs"
      label={label}
      description={description}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/**
 * A number typed into the layer's data: every keystroke that makes a number applies at once (the canvas
 * follows), and the edit is one undo step. While focused the field shows what is typed ("0." is not a
 * number yet); otherwise the document's value.
 */
export function BatchedNumberInput({
  editor,
  label,
  description,
  value,
  min,
  step,
  integer = false,
  onChange,
}: {
  editor: BuilderEditor;
  label: string;
  description?: ReactNode;
  value: number;
  min: number;
  step: number;
  integer?: boolean;
  onChange: (value: number) => void;
}) {
  const edit = useEditStep(editor);
  const [typed, setTyped] = useState<number | string | null>(null);
  return (
    <NumberInput
      size="xs"
      label={label}
      description={description}
      value={typed ?? value}
      min={min}
      step={step}
      allowDecimal={!integer}
      allowNegative={false}
      decimalScale={integer ? 0 : 3}
      // No state change on focus: a re-render then would move the caret of a selection being replaced.
      onFocus={edit.start}
      onBlur={() => {
        setTyped(null);
        edit.end();
      }}
      onChange={(next) => {
        setTyped(next);
        if (typeof next === 'number' && Number.isFinite(next) && next !== value) onChange(next);
      }}
    />
  );
}

/**
 * A text typed into the layer's data (a metadata key): applied as it is typed, one undo step per edit;
 * an empty field is null.
 */
export function BatchedTextInput({
  editor,
  label,
  description,
  placeholder,
  value,
  disabled,
  onChange,
}: {
  editor: BuilderEditor;
  label: string;
  description?: ReactNode;
  placeholder?: string;
  value: string | null;
  disabled?: boolean;
  onChange: (value: string | null) => void;
}) {
  const edit = useEditStep(editor);
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <TextInput
      size="xs"
      label={label}
      description={description}
      placeholder={placeholder}
      disabled={disabled}
      value={typed ?? value ?? ''}
      onFocus={edit.start}
      onBlur={() => {
        setTyped(null);
        edit.end();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setTyped(text);
        const next = text.trim() === '' ? null : text.trim();
        if (next !== value) onChange(next);
      }}
    />
  );
}
