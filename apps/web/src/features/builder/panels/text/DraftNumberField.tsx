import { NumberInput } from '@mantine/core';
import { useState } from 'react';

/**
 * A number of a text's box (width, height, minimum size): typed freely, applied on blur or Enter as one
 * undo step when above 0 (typing 300 never applies 3 on the way). With `optional`, an empty field applies
 * null. A draft belongs to the value it was typed over, so a change from elsewhere (undo, a drag on the
 * canvas) shows the new value.
 */
export function DraftNumberField({
  label,
  value,
  onCommit,
  optional = false,
  placeholder,
}: {
  label: string;
  value: number | null;
  onCommit: (value: number | null) => void;
  optional?: boolean;
  placeholder?: string;
}) {
  const shownValue = value ?? '';
  const [draft, setDraft] = useState<{ over: number | null; text: string | number }>({
    over: value,
    text: shownValue,
  });
  const shown = draft.over === value ? draft.text : shownValue;
  const commit = () => {
    if (optional && shown === '') {
      if (value !== null) onCommit(null);
      return;
    }
    const next = typeof shown === 'number' ? shown : Number(shown);
    if (Number.isFinite(next) && next > 0 && next !== value) onCommit(next);
    else setDraft({ over: value, text: shownValue });
  };
  return (
    <NumberInput
      size="xs"
      label={label}
      value={shown}
      min={0}
      step={1}
      decimalScale={2}
      placeholder={placeholder}
      onChange={(text) => setDraft({ over: value, text })}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
