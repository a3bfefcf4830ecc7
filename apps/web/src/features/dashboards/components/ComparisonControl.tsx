import { Group, Select, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type DayRange, formatRange, previousPeriod } from '../model/dateRange';
import { pickedRange } from './DateRangeControl';

/** What the figures are compared with: the previous period of the same length, or a chosen period. */
export function ComparisonControl({
  range,
  comparison,
  today,
  onChange,
}: {
  range: DayRange;
  comparison: DayRange | null;
  today: string;
  onChange: (comparison: DayRange | null) => void;
}) {
  const shown = comparison ?? previousPeriod(range);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label="Compare with"
        data={[
          { value: 'previous', label: 'Previous period' },
          { value: 'custom', label: 'Chosen period' },
        ]}
        value={comparison ? 'custom' : 'previous'}
        allowDeselect={false}
        w={170}
        onChange={(value) => onChange(value === 'custom' ? previousPeriod(range) : null)}
      />
      {comparison && (
        <DatePickerInput
          type="range"
          label="Comparison range"
          value={[comparison.from, comparison.to]}
          maxDate={today}
          valueFormat="D MMM YYYY"
          miw={230}
          onChange={(value) => {
            const picked = pickedRange(value as [string | null, string | null]);
            if (picked) onChange(picked);
          }}
        />
      )}
      <Text size="sm" c="dimmed" pb={8} data-testid="comparison-text">
        vs {formatRange(shown)}
      </Text>
    </Group>
  );
}
