import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LiftBar } from './LiftBar';
import { type EstimatedEffect, featurePath, formatInterval, formatLift } from './model/featureEffects';

/**
 * Features as a horizontal lift chart: per feature, its name (a link to its page), its 95 % interval as a
 * bar on the common scale, and the lift in words.
 */
export function LiftIntervalList({
  effects,
  scale,
  clientId,
  search,
  label,
}: {
  effects: readonly EstimatedEffect[];
  scale: { min: number; max: number };
  clientId: string;
  search: string;
  /** The list's accessible name. */
  label: string;
}) {
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {effects.map((effect) => (
        <li key={effect.feature.id} aria-label={`${effect.feature.label}: ${formatLift(effect.lift)}`}>
          <Group gap="sm" wrap="nowrap" align="center">
            <Stack gap={0} w={180} miw={120} style={{ flexShrink: 0 }}>
              <Anchor
                component={Link}
                to={featurePath(clientId, effect.feature.id, search)}
                size="sm"
                fw={600}
                truncate="end"
              >
                {effect.feature.label}
              </Anchor>
              <Text size="xs" c="dimmed" truncate="end">
                {effect.feature.group}
              </Text>
            </Stack>
            <LiftBar lift={effect.lift} low={effect.liftLow} high={effect.liftHigh} scale={scale} />
            <Stack gap={0} w={150} style={{ flexShrink: 0 }} ta="right">
              <Text size="sm" fw={700} c={effect.lift >= 0 ? 'teal.8' : 'red.8'}>
                {formatLift(effect.lift)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatInterval(effect.liftLow, effect.liftHigh)}
              </Text>
            </Stack>
          </Group>
        </li>
      ))}
    </Stack>
  );
}
