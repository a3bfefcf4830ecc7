import { METRICS, type MetricKey } from '@adloom/commerce';
import { Text, Tooltip } from '@mantine/core';

/** A metric's name with its definition in a tooltip (on hover and on keyboard focus). */
export function MetricLabel({ metric, size }: { metric: MetricKey; size?: string }) {
  const { label, definition } = METRICS[metric];
  return (
    <Tooltip
      label={definition}
      multiline
      w={260}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <Text
        span
        size={size}
        tabIndex={0}
        style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3, cursor: 'help' }}
      >
        {label}
      </Text>
    </Tooltip>
  );
}
