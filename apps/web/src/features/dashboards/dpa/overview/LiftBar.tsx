import { Badge, Box } from '@mantine/core';
import { positionOn } from '../../model/ranking';
import { IntervalBar } from '../../top-bottom-ads/IntervalBar';
import { formatInterval, type LiftMetric, liftVerdict } from '../model/lift';
import { formatChange } from '../../model/metricFormat';

/** A lift's 95 % interval as a bar, the lift as a dot, and a line at 0 (no difference), on the page's scale. */
export function LiftBar({ metric, scale }: { metric: LiftMetric; scale: { min: number; max: number } }) {
  if (metric.lift == null || metric.low == null || metric.high == null) return null;
  return (
    <Box pos="relative" w="100%">
      <IntervalBar
        low={metric.low}
        high={metric.high}
        estimate={metric.lift}
        observed={null}
        scale={scale}
        description={`Lift ${formatChange(metric.lift)}, 95 % interval ${formatInterval(metric.low, metric.high)}. The grey line is no difference.`}
      />
      <Box
        pos="absolute"
        top={-2}
        w={1}
        h={20}
        bg="gray.6"
        aria-hidden
        style={{ left: `${positionOn(0, scale)}%`, pointerEvents: 'none' }}
      />
    </Box>
  );
}

const VERDICTS = {
  better: { color: 'teal', label: 'Significantly better' },
  worse: { color: 'red', label: 'Significantly worse' },
  unclear: { color: 'gray', label: 'Not significant' },
  unknown: { color: 'gray', label: 'Not measurable' },
} as const;

/** Whether the interval excludes no difference, and which way. */
export function SignificanceBadge({ metric }: { metric: LiftMetric | undefined }) {
  const verdict = VERDICTS[liftVerdict(metric)];
  return (
    <Badge color={verdict.color} variant="light" size="sm">
      {verdict.label}
    </Badge>
  );
}
