import { Box } from '@mantine/core';
import { positionOn } from '../model/ranking';
import { IntervalBar } from '../top-bottom-ads/IntervalBar';
import { formatInterval, formatLift } from './model/featureEffects';

/**
 * A feature's lift drawn on the page's common scale: its 95 % interval as a bar, the lift as a dot, and a
 * line at no lift (0), so an interval that does not cross the line reads at once as significant.
 */
export function LiftBar({
  lift,
  low,
  high,
  scale,
}: {
  lift: number;
  low: number;
  high: number;
  scale: { min: number; max: number };
}) {
  return (
    <Box pos="relative" w="100%" miw={120}>
      <IntervalBar
        low={low}
        high={high}
        estimate={lift}
        observed={null}
        scale={scale}
        description={`Lift ${formatLift(lift)}, 95 % interval ${formatInterval(low, high)}. The grey line is no lift.`}
      />
      <Box
        pos="absolute"
        top={0}
        w={1}
        h={16}
        bg="gray.6"
        aria-hidden
        style={{ left: `${positionOn(0, scale)}%`, pointerEvents: 'none' }}
      />
    </Box>
  );
}
