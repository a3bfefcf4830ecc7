import { Box, Tooltip } from '@mantine/core';
import { positionOn } from '../model/ranking';

/**
 * A small drawing of an estimate: its 90 % interval as a bar, the estimate as a dot and the observed value
 * as a tick, on the scale shared by the page's ads. Decorative: the numbers are written beside it.
 */
export function IntervalBar({
  low,
  high,
  estimate,
  observed,
  scale,
  description,
}: {
  low: number;
  high: number;
  estimate: number;
  observed: number | null;
  scale: { min: number; max: number };
  description: string;
}) {
  const from = positionOn(low, scale);
  const to = positionOn(high, scale);
  return (
    <Tooltip label={description} multiline w={260}>
      <Box pos="relative" h={16} w="100%" miw={120} aria-hidden>
        <Box pos="absolute" top={7} left={0} right={0} h={2} bg="gray.2" />
        <Box
          pos="absolute"
          top={5}
          h={6}
          bg="blue.2"
          style={{ left: `${from}%`, width: `${Math.max(to - from, 0.5)}%`, borderRadius: 3 }}
        />
        <Box
          pos="absolute"
          top={3}
          w={10}
          h={10}
          bg="blue.7"
          style={{ left: `calc(${positionOn(estimate, scale)}% - 5px)`, borderRadius: '50%' }}
        />
        {observed != null && (
          <Box
            pos="absolute"
            top={0}
            w={2}
            h={16}
            bg="orange.7"
            style={{ left: `calc(${positionOn(observed, scale)}% - 1px)` }}
          />
        )}
      </Box>
    </Tooltip>
  );
}
