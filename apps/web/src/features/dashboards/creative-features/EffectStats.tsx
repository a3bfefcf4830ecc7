import { METRICS } from '@adloom/commerce';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { MetricLabel } from '../components/MetricLabel';
import { formatMetric } from '../model/metricFormat';
import { HelpLabel } from './HelpLabel';
import {
  countOf,
  type FeatureEffect,
  type FeatureMetric,
  formatInterval,
  formatLift,
  formatShare,
  metricInSentence,
} from './model/featureEffects';

/** A feature's effect as figures: the metric with and without it, the lift, hit rate, spend share and ads. */
export function EffectStats({
  effect,
  metric,
  currency,
}: {
  effect: FeatureEffect;
  metric: FeatureMetric;
  currency: string | null;
}) {
  const label = METRICS[metric].label;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, xl: 6 }} spacing="md">
      <Stat name={`${label} with`} title={<MetricTitle metric={metric} suffix="with" />}>
        <Value>{formatMetric(metric, effect.valueWith, currency)}</Value>
        <Text size="xs" c="dimmed">
          spend-weighted, ads with the feature
        </Text>
      </Stat>
      <Stat name={`${label} without`} title={<MetricTitle metric={metric} suffix="without" />}>
        <Value>{formatMetric(metric, effect.valueWithout, currency)}</Value>
        <Text size="xs" c="dimmed">
          spend-weighted, the other ads
        </Text>
      </Stat>
      <Stat
        name="Lift"
        title={
          <HelpLabel
            label="Lift"
            size="sm"
            help={`How much higher (or lower) ${metricInSentence(metric)} is with the feature, from the regression that controls for campaign and spend; 95 % interval below.`}
          />
        }
      >
        <Group gap={6}>
          <Value>{formatLift(effect.lift)}</Value>
          {effect.significant && (
            <Badge size="sm" variant="light" color={(effect.lift ?? 0) >= 0 ? 'teal' : 'red'}>
              Significant
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          95 % interval {formatInterval(effect.liftLow, effect.liftHigh)}
        </Text>
      </Stat>
      <Stat
        name="Hit rate"
        title={
          <HelpLabel
            label="Hit rate"
            size="sm"
            help="The share of the ads with the feature that became winners."
          />
        }
      >
        <Value>{formatShare(effect.hitRate)}</Value>
        <Text size="xs" c="dimmed">
          {countOf(effect.winnersWith, 'winner')}
        </Text>
      </Stat>
      <Stat
        name="Spend share"
        title={
          <HelpLabel
            label="Spend share"
            size="sm"
            help="The spend of the ads with the feature, of the spend of every analysed ad."
          />
        }
      >
        <Value>{formatShare(effect.spendShare)}</Value>
        <Text size="xs" c="dimmed">
          {formatMetric('spend', effect.spendWith, currency)} spent
        </Text>
      </Stat>
      <Stat name="Ads with" title={<Text size="sm">Ads with</Text>}>
        <Value>{effect.adsWith}</Value>
        <Text size="xs" c="dimmed">
          of {countOf(effect.adsWith + effect.adsWithout, 'analysed ad')}
        </Text>
      </Stat>
    </SimpleGrid>
  );
}

/** "CTR with": the metric's name with its definition, then the side. */
function MetricTitle({ metric, suffix }: { metric: FeatureMetric; suffix: string }) {
  return (
    <Text size="sm">
      <MetricLabel metric={metric} size="sm" /> {suffix}
    </Text>
  );
}

function Stat({ name, title, children }: { name: string; title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={name}>
      <Stack gap={4}>
        {title}
        {children}
      </Stack>
    </Paper>
  );
}

function Value({ children }: { children: ReactNode }) {
  return (
    <Text fz={22} fw={700} lh={1.2}>
      {children}
    </Text>
  );
}
