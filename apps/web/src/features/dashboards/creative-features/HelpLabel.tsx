import { Text, Tooltip } from '@mantine/core';

/** A column or figure name with what it means in a tooltip (on hover and on keyboard focus), as MetricLabel does for metrics. */
export function HelpLabel({ label, help, size }: { label: string; help: string; size?: string }) {
  return (
    <Tooltip label={help} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
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
