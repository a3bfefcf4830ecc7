import { METRIC_KEYS, METRICS, type MetricKey } from '@adloom/commerce';
import { Group, MultiSelect, Select } from '@mantine/core';
import {
  combinable,
  REPORT_DIMENSIONS,
  type ReportDefinition,
  type ReportDimension,
} from '../model/reportDefinition';

/** The pivot's rows (one or two dimensions) and columns (metrics). */
export function ReportControls({
  definition,
  onChange,
}: {
  definition: ReportDefinition;
  onChange: (definition: ReportDefinition) => void;
}) {
  const [first, second] = definition.dimensions;
  const options = REPORT_DIMENSIONS.map((d) => ({ value: d.value, label: d.label }));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Rows by"
        data={options}
        value={first ?? 'CAMPAIGN'}
        allowDeselect={false}
        w={160}
        onChange={(value) => {
          const dimension = value as ReportDimension;
          onChange({
            ...definition,
            dimensions: second && combinable(dimension, second) ? [dimension, second] : [dimension],
          });
        }}
      />
      <Select
        label="Then by"
        placeholder="Nothing"
        data={options.filter((option) => combinable(first ?? 'CAMPAIGN', option.value))}
        value={second ?? null}
        clearable
        w={160}
        onChange={(value) =>
          onChange({
            ...definition,
            dimensions: value ? [first ?? 'CAMPAIGN', value as ReportDimension] : [first ?? 'CAMPAIGN'],
          })
        }
      />
      <MultiSelect
        label="Columns"
        data={METRIC_KEYS.map((key) => ({ value: key, label: METRICS[key].label }))}
        value={definition.metrics}
        searchable
        miw={260}
        maw={560}
        onChange={(keys) => {
          if (!keys.length) return;
          const metrics = keys as MetricKey[];
          const sortBy = definition.sortBy && metrics.includes(definition.sortBy) ? definition.sortBy : null;
          onChange({ ...definition, metrics, sortBy });
        }}
      />
    </Group>
  );
}
