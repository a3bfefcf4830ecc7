import { METRICS } from '@adloom/commerce';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { FEATURE_METRICS, type FeatureMetric } from './model/featureEffects';

/** Which metric the features are measured on (CTR, CVR or ROAS), with the chosen one's definition. */
export function FeatureMetricControl({
  metric,
  onChange,
}: {
  metric: FeatureMetric;
  onChange: (metric: FeatureMetric) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        Metric
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        data={FEATURE_METRICS.map((key) => ({ value: key, label: METRICS[key].label }))}
        value={metric}
        onChange={(value) => onChange(FEATURE_METRICS.find((key) => key === value) ?? 'ctr')}
      />
      <Text size="xs" c="dimmed" maw={360}>
        {METRICS[metric].definition}
      </Text>
    </Stack>
  );
}
