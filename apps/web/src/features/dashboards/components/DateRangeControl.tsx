import { Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { DATE_PRESETS, type DatePreset, type DayRange, presetOf, presetRange } from '../model/dateRange';

/** Two picked days as a range, once both are picked, in order. */
export function pickedRange(value: [string | null, string | null]): DayRange | null {
  const [from, to] = value;
  if (!from || !to) return null;
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The date range: a preset, or "Custom range" with a two-day picker. */
export function DateRangeControl({
  range,
  today,
  onChange,
}: {
  range: DayRange;
  today: string;
  onChange: (range: DayRange) => void;
}) {
  const derived = presetOf(range, today);
  // "Custom range" stays chosen while the user picks, even when the picked days match a preset.
  const [customChosen, setCustomChosen] = useState(false);
  const preset: DatePreset = customChosen ? 'custom' : derived;

  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label="Date range"
        data={DATE_PRESETS.map(({ value, label }) => ({ value, label }))}
        value={preset}
        allowDeselect={false}
        w={170}
        onChange={(value) => {
          if (!value) return;
          const next = presetRange(value as DatePreset, today);
          setCustomChosen(next === null);
          if (next) onChange(next);
        }}
      />
      {preset === 'custom' && (
        <DatePickerInput
          type="range"
          label="Custom range"
          value={[range.from, range.to]}
          maxDate={today}
          valueFormat="D MMM YYYY"
          miw={230}
          onChange={(value) => {
            const picked = pickedRange(value as [string | null, string | null]);
            if (picked) onChange(picked);
          }}
        />
      )}
    </Group>
  );
}
